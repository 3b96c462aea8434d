import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers/db';
import type { DbHandle } from '../../client';
import { releaseNoteDismissals, releaseNotes, users } from '../../schema/index';
import { seedDemoData } from '../index';
import { SEED_REFERENCE_DATE } from '../data';
import { DEMO_RELEASE_NOTE_HTML } from './release-notes';

describe('demo release note', () => {
  let handle: DbHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it.each([
    [false, 0],
    [true, 1],
  ])('publishes one note the day before the reference date; dismissed by every demo user: %s', async (dismissReleaseNote, perUser) => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { dismissReleaseNote });
    const notes = await handle.db.select().from(releaseNotes);
    expect(notes).toEqual([{ id: expect.any(Number), notes: DEMO_RELEASE_NOTE_HTML, publishedAt: new Date(SEED_REFERENCE_DATE.getTime() - 86_400_000) }]);
    const userIds = (await handle.db.select({ id: users.id }).from(users)).map((u) => u.id);
    expect(userIds.length).toBeGreaterThan(0);
    for (const userId of userIds) {
      const rows = await handle.db.select().from(releaseNoteDismissals).where(eq(releaseNoteDismissals.userId, userId));
      expect(rows, `user ${userId}`).toHaveLength(perUser);
    }
  });
});
