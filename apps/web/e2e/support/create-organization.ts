/**
 * Steps in the Create New Organization dialog, shared by the organisations spec and the onboarding
 * journeys, and a customer's first day up to their first administrator signed in
 * (createOrganizationWithFirstAdministrator).
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { en, exactly, fillLogin, loginForm, openFromMenu, organizationInput, toast } from './app';
import type { ReceivedMail, SmtpSink } from './smtp-sink';

const c = en.organizations.create;

export const dialogOf = (page: Page) => page.getByRole('dialog', { name: c.title });
export const field = (page: Page, label: string) =>
  dialogOf(page)
    .locator('.field')
    .filter({ has: page.locator('label', { hasText: exactly(label) }) });

/** Picks `option` (or the first option) of the dialog's dropdown labelled `label`. */
export async function choose(page: Page, label: string, option?: string) {
  const dropdown = field(page, label).locator('.p-dropdown');
  await dropdown.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await dropdown.click();
  const options = page.locator('.p-dropdown-panel').getByRole('option');
  await (option === undefined ? options.first() : options.filter({ hasText: exactly(option) })).click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

export const dropdownText = (page: Page, label: string) => field(page, label).locator('.p-dropdown-label');

/** Adds a region, area or province in its add mode. */
export async function addPlace(page: Page, addLabel: string, newLabel: string, name: string) {
  await dialogOf(page).getByRole('button', { name: addLabel, exact: true }).click();
  await dialogOf(page).getByLabel(newLabel, { exact: true }).fill(name);
  await dialogOf(page).getByRole('button', { name: c.save, exact: true }).click();
}

export const latitude = (page: Page) => dialogOf(page).getByLabel(c.latitude, { exact: true });
export const longitude = (page: Page) => dialogOf(page).getByLabel(c.longitude, { exact: true });
export const marker = (page: Page) => dialogOf(page).locator('.leaflet-marker-icon');

/** Drags the farm marker by (dx, dy) pixels with the mouse. */
export async function dragMarker(page: Page, dx: number, dy: number) {
  await marker(page).scrollIntoViewIfNeeded();
  const box = (await marker(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height - 4 + dy, { steps: 8 });
  await page.mouse.up();
}

/** The customer's first administrator as invited in the dialog, with the password they chose from the e-mailed link. */
export interface FirstAdministrator {
  userName: string;
  email: string;
  fullName: string;
  password: string;
}

export interface OrganizationWithAdministrator {
  /** the new organisation's name */
  name: string;
  administrator: FirstAdministrator;
  /** the first administrator's own browser, signed in and in the new organisation */
  page: Page;
  context: BrowserContext;
  /** the mail that carried the link */
  mail: ReceivedMail;
}

/** The one-time link in a password-reset (or invitation) mail. */
export function mailedLink(mail: ReceivedMail): string {
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/**
 * A customer's first day, started as people do it: the super user signed in on `page` opens
 * Management > Organizations from the menu, Add New Organization, fills in the organisation (copying
 * the roles of `copyFrom`), one farm placed by typed coordinates and, in First Administrator, the
 * customer's administrator, and saves. That administrator opens the e-mailed link (the only address
 * typed) in a browser of their own, chooses a password, signs in and lands in the new organisation,
 * where they put away the release note that greets a newcomer.
 * Map tiles must be stubbed on `page` (support/map-tiles.ts) and the sink listening on the worker's
 * SMTP port. The administrator's browser has the window size `viewport` (the super user's, unless
 * given). Answers the administrator's signed-in page for the journey to go on with.
 */
export async function createOrganizationWithFirstAdministrator(
  page: Page,
  browser: Browser,
  sink: SmtpSink,
  options: { name?: string; copyFrom?: string; viewport?: { width: number; height: number } } = {},
): Promise<OrganizationWithAdministrator> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const name = options.name ?? `Blouberg Vrugte ${stamp}`;
  const administrator: FirstAdministrator = {
    userName: `firstadmin${stamp}`,
    email: `firstadmin.${stamp}@customer.example`,
    fullName: 'Thandi Mokoena',
    password: `First@${stamp}`,
  };

  // the Organisations list, from the menu
  await openFromMenu(page, en.menu.Management, en.menu.Organizations);
  await expect(page.getByRole('heading', { level: 1, name: en.organizations.title })).toBeVisible();
  await page.getByRole('button', { name: en.organizations.addNew }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel(c.organizationName, { exact: true }).fill(name);
  await choose(page, c.organizationLevel);
  await choose(page, c.copyOrganizationSource, options.copyFrom);
  await dialog.getByLabel(c.contactName, { exact: true }).fill('Thandi');
  await dialog.getByLabel(c.contactSurname, { exact: true }).fill('Mokoena');
  await dialog.getByLabel(c.contactEmail, { exact: true }).fill(administrator.email);
  await dialog.getByLabel(c.contactPhoneNumber, { exact: true }).fill('+27 83 555 0142');

  await dialog.getByLabel(c.firstAdministratorUserName, { exact: true }).fill(administrator.userName);
  await dialog.getByLabel(c.firstAdministratorEmail, { exact: true }).fill(administrator.email);
  await dialog.getByLabel(c.firstAdministratorFullName, { exact: true }).fill(administrator.fullName);

  await dialog.getByLabel(c.farmName, { exact: true }).fill('Bloubergplaas');
  await choose(page, c.region);
  await choose(page, c.area);
  await choose(page, c.province);
  await latitude(page).fill('-32.3');
  await longitude(page).fill('19.1');
  await dialog.getByRole('button', { name: c.addFarm }).click();
  await expect(dialog.locator('.create-org-farm-list li')).toHaveCount(1);

  await dialog.getByRole('button', { name: c.saveNew }).click();
  await expect(toast(page, c.success, c.saved)).toBeVisible();
  await expect(toast(page, c.invited, c.invitedDetail.replace('{{email}}', administrator.email))).toBeVisible();
  await expect(dialog).toBeHidden();

  // the administrator's own browser: the e-mailed link, a password, sign in
  const mail = await sink.waitFor((m) => m.to.includes(administrator.email) && m.text.includes(name));
  const context = await browser.newContext({ viewport: options.viewport ?? page.viewportSize() });
  const own = await context.newPage();
  await own.goto(mailedLink(mail));
  await expect(own.getByRole('heading', { name: en.passwordReset.heading })).toBeVisible();
  await expect(own.getByText(en.passwordReset.forUser.replace('{{userName}}', administrator.userName), { exact: true })).toBeVisible();
  await own.getByLabel(en.passwordReset.newPassword, { exact: true }).fill(administrator.password);
  await own.getByLabel(en.passwordReset.confirmPassword, { exact: true }).fill(administrator.password);
  await own.getByRole('button', { name: en.passwordReset.submit }).click();
  await expect(own.getByText(en.passwordReset.success)).toBeVisible();
  await own.getByRole('link', { name: en.passwordReset.signIn }).click();
  await fillLogin(own, administrator);
  await loginForm(own).logIn.click();
  await expect(own).toHaveURL(/\/dashboard$/);
  await expect(organizationInput(own)).toHaveValue(name);
  await expect(own.getByRole('heading', { level: 1 })).toHaveText(en.dashboard.heading.replace('{{organization}}', name));
  // a newcomer is greeted with the latest release note over the dashboard; Ok puts it away for good
  const releaseNote = own.getByRole('dialog', { name: en.releaseNotes.header });
  await expect(releaseNote).toBeVisible();
  await releaseNote.getByRole('button', { name: en.releaseNotes.ok, exact: true }).click();
  await expect(releaseNote).toBeHidden();
  return { name, administrator, page: own, context, mail };
}
