import { describe, expect, it, vi } from 'vitest';
import type { FormConfigView } from '../../common/contracts/dynamic-forms';
import type { Tx } from '../db/client';
import type { ObjectStorage } from '../storage/object-storage';
import { postedFileMessages, saveWithPostedFiles } from './posted-files';
import { freshSettings } from './settings';

const at = '2026-01-15T09:00:00.000Z';
const visitorForm: FormConfigView = {
  _id: 'f1',
  formType: 'visitor',
  label: 'Visitor',
  description: '',
  isCustom: true,
  fields: [{ name: 'badge', label: 'Badge', type: 'file' }],
  version: 1,
  createdAt: at,
  updatedAt: at,
};

describe('saving a record with posted files', () => {
  it('places the files by the form configuration of the command’s settings, as the record’s validation reads it', async () => {
    const formConfig = vi.fn(async () => visitorForm);
    // Never touched: the configuration comes from the settings, and the refused file stops before any write.
    const tx = {} as Tx;
    const storage = {} as ObjectStorage;
    const save = vi.fn();
    const saving = saveWithPostedFiles(
      { tx, meta: { occurredAt: new Date(at), actorId: 'u1', requestId: 'posted-files-test' }, settings: { ...freshSettings, formConfig } },
      storage,
      { id: 'u1', branchId: null },
      'visitor',
      {},
      [{ part: 'photo', file: new File(['x'], 'photo.png', { type: 'image/png' }) }],
      save,
    );
    await expect(saving).rejects.toMatchObject({ kind: 'invalid', errors: { photo: [postedFileMessages.noField] } });
    expect(formConfig).toHaveBeenCalledWith(tx, 'visitor');
    expect(save).not.toHaveBeenCalled();
  });
});
