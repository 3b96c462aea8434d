/**
 * The app opens without a network: the demo scout signs in and opens the scouting screen, the
 * service worker takes over the page, the network goes, and a reload still opens the screen (from
 * the worker's cache, signed in on the session kept on the device). Three sessions captured then
 * wait to send, stay waiting over another reload without a network, and reach the server exactly
 * once each when the network is back.
 */
import { expect, test, type Page } from './support/test';
import { SCOUTING_PATHS } from '@orchard/shared/field-capture';
import { en, signIn } from './support/app';
import { demoUser } from './support/demo-users';
import { captureScouting, f, fieldApi, firstBlock, outboxStatus, pendingCaptures, scoutingForm, sessionsTagged } from './support/field-forms';
import { dismissReleaseNote, uniqueName } from './support/users-api';

// this journey is about the service worker; the rest of the suite blocks it (playwright.config.ts)
test.use({ serviceWorkers: 'allow' });

const scout = demoUser('scout');

/** Whether the device keeps a session whose cached answers include the capture screen's blocks. */
const keptSessionHasBlocks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('orchard-session');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('session')) return resolve(false);
          const get = db.transaction('session').objectStore('session').get('current');
          get.onerror = () => resolve(false);
          get.onsuccess = () => resolve(JSON.stringify(get.result?.queries ?? null).includes('"field-capture","blocks"'));
        };
      }),
  );

async function expectScoutingScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: f.scouting.title })).toBeVisible({ timeout: 30_000 });
  await expect(scoutingForm(page)).toBeVisible();
}

test.beforeAll(async ({ baseURL }) => {
  await dismissReleaseNote(baseURL!, scout);
});

test('the scouting screen opens and captures with no network, and sends exactly once when the network is back', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const a = await fieldApi(baseURL!, scout);
  const block = await firstBlock(a);
  const tag = uniqueName('sw-offline-');

  await signIn(page, scout);
  await page.goto('/field/scouting');
  await expectScoutingScreen(page);
  await expect(outboxStatus(page)).toContainText(en.outbox.allSent);
  // the worker installs (precaching the build) and takes over the page; the session is kept
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
  await expect.poll(() => keptSessionHasBlocks(page), { timeout: 10_000 }).toBe(true);

  await context.setOffline(true);
  const reloaded = await page.reload();
  // the page came from the worker's cache, not the server
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expectScoutingScreen(page);
  await expect(page).toHaveURL(/\/field\/scouting$/);
  await expect(outboxStatus(page)).toContainText(en.outbox.offline);

  for (const n of [1, 2, 3]) await captureScouting(page, block, `${tag}-${n}`, String(n * 3));
  await expect(pendingCaptures(page)).toHaveCount(3);
  for (const row of await pendingCaptures(page).all()) await expect(row).toContainText(en.outbox.waiting);
  await expect(outboxStatus(page)).toContainText(en.outbox.waitingCount_other.replace('{{count}}', '3'));

  // another reload without a network: the screen opens again, the captures still wait
  await page.reload();
  await expectScoutingScreen(page);
  await expect(pendingCaptures(page)).toHaveCount(3);
  for (const row of await pendingCaptures(page).all()) await expect(row).toContainText(en.outbox.waiting);
  expect(await sessionsTagged(a, block.id, tag)).toEqual([]);

  // the network is back: the outbox sends each capture once
  const posts: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === SCOUTING_PATHS.sessions && r.request().method() === 'POST') posts.push(r.status());
  });
  await context.setOffline(false);
  await expect(outboxStatus(page)).toContainText(en.outbox.allSent, { timeout: 20_000 });
  await expect(pendingCaptures(page)).toHaveCount(0);
  expect(posts).toEqual([201, 201, 201]);

  const stored = await sessionsTagged(a, block.id, tag);
  expect(stored).toHaveLength(3);
  expect(stored.map((r) => r.observations[0]!.count).sort((x, y) => x! - y!)).toEqual([3, 6, 9]);
  expect(new Set(stored.map((r) => r.clientId)).size).toBe(3);
});
