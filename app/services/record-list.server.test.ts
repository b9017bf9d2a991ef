import { describe, expect, it } from 'vitest';
import { formPermissionNames } from '../../api/http/form-access';
import { permissionNamesFor, recordAbilities } from './record-list.server';

describe('record permissions in the web tier', () => {
  it.each(['student', 'course', 'branch', 'examResult', 'alumni-survey'])('agree with the API for %s records', (formType) => {
    for (const action of ['edit', 'delete'] as const) {
      expect([...permissionNamesFor(formType, action)].sort()).toEqual([...formPermissionNames(formType, action)].sort());
    }
  });

  it('offers Edit only to a user who may also open the form screen', () => {
    const editor = { role: 'admin', permissions: ['STUDENT_EDIT', 'STUDENT_VIEW_ALL'] };
    expect(recordAbilities(editor, 'student')).toEqual({ create: false, edit: false, delete: false });
    const admitter = { role: 'branch_admin', permissions: ['STUDENT_EDIT', 'STUDENT_ADD'] };
    expect(recordAbilities(admitter, 'student')).toEqual({ create: true, edit: true, delete: false });
  });

  it('lets a super admin do everything', () => {
    expect(recordAbilities({ role: 'superadmin', permissions: [] }, 'course')).toEqual({ create: true, edit: true, delete: true });
  });
});
