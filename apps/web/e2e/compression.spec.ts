/**
 * What the browser downloads goes compressed: the app's own files as the build compressed them
 * (apps/web/precompress.ts), and the server's larger JSON answers (plugins/compression.ts); the
 * screens work on what the browser decoded.
 */
import { expect, test } from './support/test';
import { signIn } from './support/app';
import { demoUser } from './support/demo-users';

interface Seen {
  path: string;
  type: string;
  encoding: string | undefined;
}

test('the app files and the larger answers reach the browser compressed, and the screens read them', async ({ page }) => {
  const seen: Seen[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    seen.push({ path: new URL(response.url()).pathname, type: headers['content-type'] ?? '', encoding: headers['content-encoding'] });
  });
  await page.goto('/login');
  // the entry script (its size: BENCHMARKS.md, Section `bundle`; files under 1 KB, like the bundler's runtime, go as they are)
  const entry = seen.filter((s) => /^\/assets\/index-[^/]+\.js$/.test(s.path));
  expect(entry).toHaveLength(1);
  expect(['br', 'gzip']).toContain(entry[0]?.encoding);
  expect(entry[0]?.type).toContain('javascript');

  await signIn(page, demoUser('admin'));
  // the producer view's page of rows is one of the larger answers (BENCHMARKS.md, Section `routes`)
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/picking/schedule' && r.status() === 200);
  await page.goto('/packhouse/pickingschedule');
  const schedule = await answer;
  expect(['br', 'gzip']).toContain(schedule.headers()['content-encoding']);
  const { rows } = (await schedule.json()) as { rows: unknown[] };
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.locator('.picking-table .p-datatable-tbody > tr:not(.p-datatable-emptymessage)')).toHaveCount(rows.length);
});
