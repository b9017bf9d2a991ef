import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormTypes } from '../../common/forms/fields';
import { createTestDatabase, testClock } from '../../tests/support/test-database';
import { permissionCatalogue } from '../domain/permissions/catalogue';
import type { Database } from './client';
import { ensureReferenceData } from './reference-data';
import { events, formConfigs, permissions } from './schema';

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ database, cleanup } = await createTestDatabase()));
afterAll(() => cleanup?.());

describe('ensureReferenceData', () => {
  it('gives an empty database the catalogue and the default forms, and adds nothing the second time', async () => {
    const clock = testClock('2026-01-01T00:00:00.000Z');
    await ensureReferenceData(database.db, clock);
    const eventCount = (await database.db.select().from(events)).length;
    expect((await database.db.select().from(permissions)).length).toBe(permissionCatalogue.length);
    expect((await database.db.select().from(formConfigs)).map((f) => f.formType).sort()).toEqual([...defaultFormTypes].sort());

    await ensureReferenceData(database.db, clock);
    expect((await database.db.select().from(events)).length).toBe(eventCount);
  });
});
