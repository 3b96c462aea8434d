/**
 * Release-notes modal (docs/domain.md, Release notes): a user who has not dismissed the newest release note sees the
 * Release Notes dialog on the dashboard; Ok with "Do not show this release note again" unticked
 * only closes it (it shows again on the next visit), Ok with the box ticked (the default) dismisses
 * it for good. The demo users of the browser suite start with the demo note dismissed
 * (SEED_RELEASE_NOTE_DISMISSED in scripts/e2e-server.mjs), and so do the users other journeys create
 * (support/users-api.ts), so this journey creates a user who keeps it.
 */
import { expect, test, type Page } from './support/test';
import { RELEASE_NOTE_DIALOG_Z_INDEX, RELEASE_NOTES_PATHS } from '@orchard/shared/release-notes';
import { en, signIn } from './support/app';
import { seriousViolations } from './support/axe-check';
import { demoUser, type DemoUser } from './support/demo-users';
import { apiSignIn, createUser, type ApiSession } from './support/users-api';

const GROWER = 'Citrus Valley Growers';
const admin = demoUser('admin');
const r = en.releaseNotes;

let adminApi: ApiSession;

test.beforeAll(async ({ baseURL }) => {
  adminApi = await apiSignIn(baseURL as string, admin);
});
test.afterAll(async () => {
  await adminApi.api.dispose();
});

const releaseDialog = (page: Page) => page.getByRole('dialog', { name: r.header });
const isReleaseNoteAnswer = (url: string, method: string) => method === 'GET' && new URL(url).pathname === RELEASE_NOTES_PATHS.current;

/** Opens the dashboard and waits for the server's answer about the release note. */
async function visitDashboard(page: Page, open: () => Promise<unknown>) {
  const answer = page.waitForResponse((res) => isReleaseNoteAnswer(res.url(), res.request().method()));
  await open();
  const res = await answer;
  expect(res.status()).toBe(200);
  return (await res.json()) as { releaseNote: { id: number; release_Notes: string } | null };
}

test('a fresh user sees the release note until they close it with the box ticked', async ({ page }) => {
  const created = await createUser(adminApi, GROWER, { prefix: 'notes', roles: ['Manager'], fullName: 'Notes Reader', jobTitle: 'Picker', keepReleaseNote: true });
  const person: DemoUser = { ...created, isEnabled: true, lockedOut: false, organizations: [] };

  const first = await visitDashboard(page, () => signIn(page, person));
  expect(first.releaseNote).not.toBeNull();
  const dialog = releaseDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'What is new' })).toBeVisible();
  const box = dialog.getByLabel(r.doNotShowAgain, { exact: true });
  await expect(box).toBeChecked();
  await expect(dialog.getByRole('button', { name: r.ok, exact: true })).toBeVisible();
  // above every other overlay
  const zIndex = await page.locator('.p-dialog-mask').filter({ has: dialog }).evaluate((el) => Number(getComputedStyle(el).zIndex));
  expect(zIndex).toBeGreaterThanOrEqual(RELEASE_NOTE_DIALOG_Z_INDEX);
  // the sanitised HTML carries no script or event handler into the page
  expect(await dialog.locator('script, [onerror], [onload], [onclick]').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // unticked: Ok only closes, nothing is sent, and the next visit shows it again
  const dismissals: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && req.url().includes('/dismissal')) dismissals.push(req.url());
  });
  await box.uncheck();
  await expect(box).not.toBeChecked();
  await dialog.getByRole('button', { name: r.ok, exact: true }).click();
  await expect(dialog).toBeHidden();
  const again = await visitDashboard(page, () => page.reload());
  expect(again.releaseNote?.id).toBe(first.releaseNote?.id);
  await expect(releaseDialog(page)).toBeVisible();
  expect(dismissals).toEqual([]);

  // ticked (the default on every opening): Ok dismisses it for this user
  await expect(releaseDialog(page).getByLabel(r.doNotShowAgain, { exact: true })).toBeChecked();
  const dismissed = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/dismissal'));
  await releaseDialog(page).getByRole('button', { name: r.ok, exact: true }).click();
  expect((await dismissed).status()).toBe(204);
  await expect(releaseDialog(page)).toBeHidden();

  const after = await visitDashboard(page, () => page.reload());
  expect(after.releaseNote).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(releaseDialog(page)).toHaveCount(0);
});

test('the demo users of the browser suite have the demo note dismissed, so the dashboard opens without it', async ({ page }) => {
  const answer = await visitDashboard(page, () => signIn(page, admin));
  expect(answer.releaseNote).toBeNull();
  await expect(releaseDialog(page)).toHaveCount(0);
});
