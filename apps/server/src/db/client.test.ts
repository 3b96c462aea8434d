import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, openDatabase } from './client';

describe('embedded database directory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-lock-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds it, and allows it after close', async () => {
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await first.db.execute(sql`select 1`);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  });
});

describe('planner settings', () => {
  it('plans the embedded database for data in memory (random_page_cost 1.1), in memory and in a directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-planner-'));
    try {
      for (const dataDir of ['memory://', dir]) {
        const handle = await openDatabase({ dataDir });
        try {
          const { rows } = (await handle.db.execute(sql`show random_page_cost`)) as unknown as { rows: { random_page_cost: string }[] };
          expect(rows[0]!.random_page_cost).toBe('1.1');
        } finally {
          await handle.close();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
