/** Page views the shell records. */
import type { AppDb } from '../../db/client';
import { pageViews } from '../../db/schema/index';

export async function insertPageView(
  db: AppDb,
  view: { userId: number; organizationId: number; path: string },
): Promise<void> {
  await db.insert(pageViews).values(view);
}
