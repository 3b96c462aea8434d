import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { createTestDatabase } from '../../test/helpers/db';
import type { DbHandle } from './client';
import { migrateDatabase } from './migrate';
import { menuItems } from './schema/index';

describe('migrations', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('run from empty and synchronise the menu catalogue', async () => {
    const rows = await handle.db.select().from(menuItems);
    expect(rows.map((r) => r.id).sort()).toEqual(MENU_CATALOGUE.map((m) => m.id).sort());
  });

  it('are idempotent', async () => {
    await migrateDatabase(handle);
    const rows = await handle.db.select().from(menuItems);
    expect(rows).toHaveLength(MENU_CATALOGUE.length);
  });
});
