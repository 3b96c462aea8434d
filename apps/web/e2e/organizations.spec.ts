/**
 * The Organisations list in the browser: opened from the menu by the demo administrator (the only
 * super user), the three demo organisations with their contact, default legal entity and counts
 * (farms as the Farm Setup farm list of each organisation answers to the demo administrator, who is
 * assigned every farm, users as the users list answers: other journeys add farms and users), the search
 * narrowing on the server, axe-core at 1280 and 375 px with the table scrolling inside its own
 * container. An organisation's Administrator who is not a super user gets no menu entry, and the
 * route shows what a hidden screen shows (access denied); the server refuses the list too.
 * Create New Organization (last: it adds an organisation, which the list tests above do not expect):
 * the first rule (docs/domain.md, Create New Organization) as an Error dialog, a region and an area added in add mode, two farms
 * placed by dragging the marker and by typing coordinates, a super user found by search, saved,
 * then in the list and in the organisation switcher. Map tiles are stubbed: no test needs the internet.
 */
import { expect, test, type Page } from './support/test';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { ORGANIZATIONS_PATHS, type OrganizationsResponse } from '@orchard/shared/organizations';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { parseDecimalText } from '@orchard/shared/core';
import { ORGANIZATION_ONBOARDING_MESSAGES, ORGANIZATION_ONBOARDING_PATHS } from '@orchard/shared/organizations';
import { en, errorEnvelope, fillLogin, gate, loginForm, organizationButton, pageTitle, scrollWidth, signIn, toast } from './support/app';
import { seriousViolations, seriousViolationsInPage } from './support/axe-check';
import { addPlace, choose, dialogOf, dragMarker, dropdownText, field, latitude, longitude, marker } from './support/create-organization';
import { stubTiles } from './support/map-tiles';
import { chooseTheme, resetSavedTheme, restoreTheme, themeSelect, type AppliedTheme } from './support/themes';
import { demoUser } from './support/demo-users';
import { apiSignIn, createUser, uniqueName } from './support/users-api';

interface DemoOrganization {
  key: string;
  name: string;
  contact: { name: string; surname: string };
  /** the first one is the default legal entity */
  legalEntities: readonly string[];
}
const SEED_DATA = new URL('../../server/src/db/seed/data.ts', import.meta.url).href;
const { DEMO_ORGANIZATIONS, DEMO_FARMS } = (await import(SEED_DATA)) as {
  DEMO_ORGANIZATIONS: readonly DemoOrganization[];
  DEMO_FARMS: readonly { organization: string }[];
};

const admin = demoUser('admin');
const GROWER = 'Citrus Valley Growers';
/** its default_Culture_Name in the demo data */
const GROWER_CULTURE = 'en-ZA';
const o = en.organizations;
const COLUMNS = [o.orgName, o.adminName, o.defaultLegalEntity, o.farmCount, o.userCount];

/** Each demo organisation's row as the screen should show it: names from the demo data, farms and users as each organisation's own lists count them. */
async function expectedRows(baseURL: string) {
  const session = await apiSignIn(baseURL, admin);
  const rows: string[][] = [];
  for (const org of DEMO_ORGANIZATIONS) {
    const id = session.organizations.find((s) => s.name === org.name)?.id;
    expect(id, `admin belongs to ${org.name}`).toBeDefined();
    const headers = { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(id) };
    const users = await session.api.get('/api/users', { headers });
    expect(users.status()).toBe(200);
    const userCount = ((await users.json()) as { users: unknown[] }).users.length;
    const farms = await session.api.get(FARM_SETUP_PATHS.farms, { headers });
    expect(farms.status()).toBe(200);
    const farmCount = ((await farms.json()) as unknown[]).length;
    // never fewer than the demo data holds: the count is not merely whatever the list says
    expect(farmCount).toBeGreaterThanOrEqual(DEMO_FARMS.filter((f) => f.organization === org.key).length);
    rows.push([org.name, `${org.contact.name} ${org.contact.surname}`, org.legalEntities[0] ?? '', String(farmCount), String(userCount)]);
  }
  await session.api.dispose();
  return rows.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const table = (page: Page) => page.getByRole('table', { name: o.tableCaption });
const search = (page: Page) => page.getByRole('searchbox', { name: o.search });

async function bodyRows(page: Page): Promise<string[][]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/** The rows of the demo organisations (other journeys, such as onboarding, add organisations of their own). */
async function demoRows(page: Page): Promise<string[][]> {
  const names = new Set(DEMO_ORGANIZATIONS.map((org) => org.name));
  return (await bodyRows(page)).filter((row) => names.has(row[0] ?? ''));
}

async function openFromMenu(page: Page) {
  await signIn(page, admin);
  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  const answer = page.waitForResponse((r) => r.url().includes(ORGANIZATIONS_PATHS.list) && r.ok());
  await sidebar.getByText(en.menu.Organizations, { exact: true }).click();
  await expect(page).toHaveURL(/\/management\/organizations$/);
  await expect(page).toHaveTitle(pageTitle(o.title));
  await expect(page.getByRole('heading', { level: 1, name: o.title })).toBeVisible();
  return (await (await answer).json()) as OrganizationsResponse;
}

test('a super user opens Organizations from the menu: every demo organisation with its counts, search narrows, axe-clean', async ({ page, baseURL }) => {
  const expected = await expectedRows(baseURL as string);
  const first = await openFromMenu(page);
  expect(first).toMatchObject({ page: 1, pageSize: 20 });

  await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
  // the demo organisations, in name order among any that other journeys created
  await expect.poll(() => demoRows(page)).toEqual(expected);
  expect(first.totalRecords).toBeGreaterThanOrEqual(expected.length);
  await expect(page.getByRole('button', { name: o.addNew })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // the search runs on the server, on the name, ignoring case
  const narrowed = page.waitForResponse((r) => r.url().includes(`${ORGANIZATIONS_PATHS.list}?search=letaba`) && r.ok());
  await search(page).fill('letaba');
  expect(((await (await narrowed).json()) as OrganizationsResponse).totalRecords).toBe(1);
  await expect.poll(() => bodyRows(page)).toEqual(expected.filter((r) => r[0]!.toLowerCase().includes('letaba')));
  await search(page).fill('no such organisation');
  await expect(table(page).getByText(o.noRecords, { exact: true })).toBeVisible();
  await search(page).fill('');
  await expect.poll(() => demoRows(page)).toEqual(expected);
});

test('skeleton rows until the first answer, then a failed load shows the sticky Load Error and the empty text', async ({ page }) => {
  await signIn(page, admin);
  const held = gate();
  await page.route(`**${ORGANIZATIONS_PATHS.list}?*`, async (route) => {
    await held.opened;
    await route.fulfill({ status: 500, contentType: 'application/json', body: errorEnvelope('INTERNAL', 'Internal Server Error') });
  });
  await page.goto('/management/organizations');
  await expect(table(page).getByRole('status')).toBeVisible();
  await expect(table(page).getByText(o.noRecords, { exact: true })).toHaveCount(0);
  held.open();
  await expect(toast(page, o.loadError)).toContainText(o.loadErrorDetail);
  await expect(table(page).getByText(o.noRecords, { exact: true })).toBeVisible();
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the table scrolls inside its container, the page does not; axe-clean', async ({ page, baseURL }) => {
    const expected = await expectedRows(baseURL as string);
    await signIn(page, admin);
    // from the hamburger menu
    await page.getByRole('button', { name: en.shell.openMenu }).click();
    const menu = page.locator('.mobile-menu');
    await menu.getByText(en.menu.Management, { exact: true }).click();
    await menu.getByText(en.menu.Organizations, { exact: true }).click();
    await expect(page).toHaveURL(/\/management\/organizations$/);
    await expect.poll(() => demoRows(page)).toEqual(expected);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    const wrapper = page.locator('.organizations-table .p-datatable-wrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('an Administrator of the organisation who is not a super user finds no way to the list or to creating an organisation', async ({ page, baseURL }) => {
  const session = await apiSignIn(baseURL as string, admin);
  const user = await createUser(session, GROWER, { prefix: 'notsuperorgs', roles: ['Administrator'] });
  await session.api.dispose();
  const meAnswer = page.waitForResponse((r) => r.url().endsWith(SHELL_PATHS.me) && r.ok());
  await page.goto('/login');
  await fillLogin(page, user);
  await loginForm(page).logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(((await (await meAnswer).json()) as { isSuperUser: boolean }).isSuperUser).toBe(false);

  const sidebar = page.getByRole('navigation', { name: en.shell.mainMenu });
  await sidebar.getByText(en.menu.Management, { exact: true }).click();
  await expect(sidebar.getByText(en.menu.Employees, { exact: true })).toBeVisible();
  await expect(sidebar.getByText(en.menu.Organizations, { exact: true })).toHaveCount(0);
  await expect(page.locator('a[href="/management/organizations"]')).toHaveCount(0);

  // typed in by hand, the screen is refused like every hidden screen; the server refuses the list
  await page.goto('/management/organizations');
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page).toHaveTitle(pageTitle(en.titles.accessDenied));
  await expect(page.getByRole('heading', { level: 1, name: o.title })).toHaveCount(0);
  // nor the Create New Organization route, and the server refuses a save
  await page.goto('/management/create-organization');
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page.getByRole('dialog', { name: o.create.title })).toHaveCount(0);
  const token = await apiSignIn(baseURL as string, user);
  const list = await token.api.get(ORGANIZATIONS_PATHS.list, { headers: { Authorization: `Bearer ${token.token}` } });
  expect(list.status()).toBe(403);
  const save = await token.api.post(ORGANIZATION_ONBOARDING_PATHS.create, {
    headers: { Authorization: `Bearer ${token.token}` },
    data: { organization_Name: uniqueName('Sneaky '), farms: [] },
  });
  expect(save.status()).toBe(403);
  await token.api.dispose();
});

test.describe('Create New Organization', () => {
  const c = o.create;

  test('a super user creates an organisation with two farms and a super user; it shows in the list and the switcher', async ({ page }) => {
    test.setTimeout(60_000);
    const tiles = await stubTiles(page);

    await signIn(page, admin);
    await page.goto('/management/organizations');
    await page.getByRole('button', { name: o.addNew }).click();
    await expect(page).toHaveURL(/\/management\/create-organization$/);
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await expect(marker(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // every required field carries an asterisk beside its label
    const required = [c.organizationName, c.organizationLevel, c.legalEntity, c.copyOrganizationSource, c.contactName, c.contactSurname, c.contactEmail, c.contactPhoneNumber];
    for (const label of [...required, c.farmName, c.region, c.area, c.province, c.latitude, c.longitude]) {
      await expect(field(page, label).locator('.required-mark'), label).toHaveText('*');
    }
    await expect(field(page, c.siteType).locator('.required-mark')).toHaveCount(0);

    // Save with nothing: the first rule, in an Error dialog, and every missing field marked in place
    await dialog.getByRole('button', { name: c.saveNew }).click();
    const error = page.getByRole('dialog', { name: c.errorTitle });
    await expect(error).toContainText(ORGANIZATION_ONBOARDING_MESSAGES.farmsRequired);
    await error.getByRole('button', { name: c.ok }).click();
    await expect(error).toBeHidden();
    const M = ORGANIZATION_ONBOARDING_MESSAGES;
    const inPlace: string[] = [M.organizationNameRequired, M.organizationLevelRequired, M.legalEntityRequired, M.copyOrganizationSourceRequired];
    inPlace.push(M.contactNameRequired, M.contactSurnameRequired, M.contactEmailRequired, M.contactPhoneNumberRequired);
    for (const [i, label] of required.entries()) await expect(field(page, label).locator('.field-error'), label).toHaveText(inPlace[i]!);
    await expect(dialog.getByText(M.farmsRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel(c.organizationName, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    // Organization Details: the name becomes the new legal entity
    const name = uniqueName('Karoo Orchards ');
    await dialog.getByLabel(c.organizationName, { exact: true }).fill(name);
    await expect(dropdownText(page, c.legalEntity)).toHaveText(`${name} (${c.newLegalEntity})`);
    // a field's message goes as it is filled in
    await expect(field(page, c.organizationName).locator('.field-error')).toHaveCount(0);
    await choose(page, c.organizationLevel);
    await choose(page, c.copyOrganizationSource, GROWER);
    // what a copy brings: the source's roles, named
    const copyHint = field(page, c.copyOrganizationSource).locator('.field-hint');
    await expect(copyHint).toContainText(c.copySourceHint);
    await expect(copyHint).toContainText(/Roles copied: .*Administrator/);
    await dialog.getByLabel(c.contactName, { exact: true }).fill('Anna');
    await dialog.getByLabel(c.contactSurname, { exact: true }).fill('Botha');
    await dialog.getByLabel(c.contactEmail, { exact: true }).fill('anna.botha@example.test');
    await dialog.getByLabel(c.contactPhoneNumber, { exact: true }).fill('+27 82 555 0199');

    // Super User: super users searched by part of the name from 3 characters (the administrator, the
    // only demo super user, is a member of the organisation the search is made in), chosen into the draft
    const searched = page.waitForResponse((r) => r.url().includes(`${ORGANIZATION_ONBOARDING_PATHS.superUsers}?query=adm`) && r.ok());
    await dialog.getByLabel(c.superUserSearch, { exact: true }).pressSequentially('adm');
    const found = ((await (await searched).json()) as { result: { id: number; fullName: string }[] }).result;
    expect(found.map((u) => u.fullName)).toEqual([admin.fullName]);
    await page.locator('.p-autocomplete-panel').getByText(admin.fullName).click();
    await expect(dialog.locator('.p-autocomplete-token')).toHaveText([admin.fullName]);

    // farm 1: a new region and a new area (add mode), an existing province, placed by dragging the marker
    const region = uniqueName('Region ');
    const area = uniqueName('Area ');
    await dialog.getByLabel(c.farmName, { exact: true }).fill('North Block');
    await expect(dialog.getByRole('button', { name: c.addArea, exact: true })).toBeDisabled();
    // a new region's name over the length: kept whole, refused with its message, nothing added
    const longPlace = 'R'.repeat(201);
    await addPlace(page, c.addRegion, c.newRegion, longPlace);
    await expect(dialog.getByLabel(c.newRegion, { exact: true })).toHaveValue(longPlace);
    await expect(toast(page, c.errorTitle, ORGANIZATION_ONBOARDING_MESSAGES.placeNameLength)).toBeVisible();
    await dialog.getByRole('button', { name: c.clear, exact: true }).click();
    await addPlace(page, c.addRegion, c.newRegion, region);
    await expect(dropdownText(page, c.region)).toHaveText(region);
    await addPlace(page, c.addArea, c.newArea, area);
    await expect(dropdownText(page, c.area)).toHaveText(area);
    await choose(page, c.province, 'Western Cape');
    await expect(latitude(page)).toHaveValue('');
    await dragMarker(page, 40, 30);
    await expect(latitude(page)).not.toHaveValue('');
    // dragged right and down: east and south of the start in the middle of South Africa, written
    // in the organisation's culture (en-ZA: a decimal comma)
    await expect(latitude(page)).toHaveValue(/^-\d+,\d+$/);
    expect(parseDecimalText(await latitude(page).inputValue(), GROWER_CULTURE)).toBeLessThan(-28.4793);
    expect(parseDecimalText(await longitude(page).inputValue(), GROWER_CULTURE)).toBeGreaterThan(24.6727);
    await dialog.getByRole('button', { name: c.addFarm }).click();
    const farms = dialog.locator('.create-org-farm-list li');
    await expect(farms).toHaveCount(1);
    await expect(farms.first()).toContainText('North Block');
    // the farm fields start again, the marker back at its start
    await expect(dialog.getByLabel(c.farmName, { exact: true })).toHaveValue('');
    await expect(latitude(page)).toHaveValue('');

    // farm 2: the region added before, added again (another case) is that one, not refused; it
    // filters the areas to its own; coordinates typed move the marker
    await dialog.getByLabel(c.farmName, { exact: true }).fill('South Block');
    await addPlace(page, c.addRegion, c.newRegion, region.toUpperCase());
    await expect(dropdownText(page, c.region)).toHaveText(region);
    await choose(page, c.area, area);
    await choose(page, c.province, 'Western Cape');
    const before = (await marker(page).boundingBox())!;
    await latitude(page).fill('-28.9');
    await longitude(page).fill('24.9');
    await expect.poll(async () => (await marker(page).boundingBox())!.y).toBeGreaterThan(before.y);
    // typed out of range, or a count that is no whole number of 0 or more: refused with what is wrong, nothing added
    await latitude(page).fill('-95');
    await dialog.getByRole('button', { name: c.addFarm }).click();
    await expect(error).toContainText('Latitude must be between -90 and 90');
    await error.getByRole('button', { name: c.ok }).click();
    await latitude(page).fill('-28.9');
    const points = dialog.getByLabel(c.maxObservationPoints, { exact: true });
    await points.fill('-5');
    await dialog.getByRole('button', { name: c.addFarm }).click();
    await expect(error).toContainText(ORGANIZATION_ONBOARDING_MESSAGES.maxObservationPointsInvalid);
    await error.getByRole('button', { name: c.ok }).click();
    await expect(points).toHaveValue('-5');
    await expect(farms).toHaveCount(1);
    await points.fill('12');
    // a farm name pasted over the length: kept whole (never cut) and refused with its message
    const farmName = dialog.getByLabel(c.farmName, { exact: true });
    await farmName.fill('F'.repeat(201));
    await expect(farmName).toHaveValue('F'.repeat(201));
    await dialog.getByRole('button', { name: c.addFarm }).click();
    await expect(error).toContainText(ORGANIZATION_ONBOARDING_MESSAGES.farmNameLength);
    await error.getByRole('button', { name: c.ok }).click();
    await expect(farms).toHaveCount(1);
    await farmName.fill('South Block');
    await dialog.getByRole('button', { name: c.addFarm }).click();
    await expect(farms).toHaveCount(2);
    await expect(farms.nth(1)).toContainText('-28.9, 24.9');
    expect(tiles()).toBeGreaterThan(0);

    // an organisation name or contact field over its length: refused with its message, nothing sent
    const nameField = dialog.getByLabel(c.organizationName, { exact: true });
    await nameField.fill('O'.repeat(201));
    await expect(nameField).toHaveValue('O'.repeat(201));
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(ORGANIZATION_ONBOARDING_PATHS.create) && r.method() === 'POST') posted += 1;
    });
    await dialog.getByRole('button', { name: c.saveNew }).click();
    await expect(error).toContainText(ORGANIZATION_ONBOARDING_MESSAGES.organizationNameLength);
    await error.getByRole('button', { name: c.ok }).click();
    await nameField.fill(name);
    const email = dialog.getByLabel(c.contactEmail, { exact: true });
    await email.fill(`${'a'.repeat(200)}@example.test`);
    await dialog.getByRole('button', { name: c.saveNew }).click();
    await expect(error).toContainText(ORGANIZATION_ONBOARDING_MESSAGES.contactEmailLength);
    await error.getByRole('button', { name: c.ok }).click();
    await email.fill('anna.botha@example.test');
    expect(posted).toBe(0);
    await expect(dropdownText(page, c.legalEntity)).toHaveText(`${name} (${c.newLegalEntity})`);

    // Save New Organization
    const saved = page.waitForResponse((r) => r.url().endsWith(ORGANIZATION_ONBOARDING_PATHS.create) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: c.saveNew }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const body = answer.request().postDataJSON() as { super_Users: number[]; farms: { farm_Lat: number }[] };
    expect(body.super_Users).toEqual([found[0]!.id]);
    expect(body.farms.map((f) => f.farm_Lat)[1]).toBe(-28.9);
    expect((body.farms as unknown as { max_Observation_Points: number }[]).map((f) => f.max_Observation_Points)).toEqual([0, 12]);
    await expect(toast(page, c.success, c.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/management\/organizations$/);

    // in the list, and in the organisation switcher
    await search(page).fill(name);
    await expect(table(page).locator('tbody tr').first()).toContainText(name);
    await organizationButton(page).click();
    await expect(page.getByRole('listbox').getByRole('option', { name, exact: true })).toBeVisible();
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    // the administrator's saved theme goes back to the application default for the other journeys
    test.afterEach(({ baseURL }) => resetSavedTheme(baseURL as string, admin));

    test('a region and a province in add mode show their input, Clear and Save whole, and the required marks and messages are readable, in every theme', async ({ page }) => {
      test.setTimeout(5 * 60_000);
      await stubTiles(page);
      await signIn(page, admin);
      await page.goto('/settings/preferences');
      await expect(page.getByRole('heading', { name: en.preferences.title })).toBeVisible();
      await themeSelect(page).click();
      const labels = await page.getByRole('listbox').getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      expect(labels.length).toBeGreaterThan(1);
      // each theme chosen once as a person does; the one in use (first) last
      const themes: AppliedTheme[] = [];
      for (const label of [...labels.slice(1), labels[0] as string]) themes.push(await chooseTheme(page, label));

      await page.goto('/management/create-organization');
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      // names typed: Save enabled (a disabled button takes no pointer)
      await dialog.getByRole('button', { name: c.addRegion, exact: true }).click();
      await dialog.getByLabel(c.newRegion, { exact: true }).fill('Langkloof');
      await dialog.getByRole('button', { name: c.addProvince, exact: true }).click();
      await dialog.getByLabel(c.newProvince, { exact: true }).fill('Karoo');
      const rows = dialog.locator('.place-picker-row').filter({ has: page.getByRole('button', { name: c.clear, exact: true }) });
      await expect(rows).toHaveCount(2);

      const problems: string[] = [];
      for (const theme of themes) {
        await restoreTheme(page, theme);
        expect(await scrollWidth(page), theme.label).toBeLessThanOrEqual(375);
        for (const row of await rows.all()) {
          await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          // every control inside the field, the dialog's content and the screen, its label not cut
          // by the button, and the one found at its middle (nothing lies over it)
          const found = await row.evaluate((el) => {
            const out: string[] = [];
            const field = el.closest('.field')!.getBoundingClientRect();
            const content = el.closest('.p-dialog-content')!.getBoundingClientRect();
            const controls = [...el.querySelectorAll<HTMLElement>('input, button')];
            const boxes = controls.map((c) => c.getBoundingClientRect());
            controls.forEach((control, i) => {
              const name = control.tagName === 'INPUT' ? 'input' : (control.textContent ?? '').trim();
              const r = boxes[i]!;
              const inside = (outer: DOMRect) => r.left >= outer.left - 0.5 && r.right <= outer.right + 0.5;
              if (r.width < 1 || r.height < 1) out.push(`${name}: not shown`);
              if (!inside(field) || !inside(content) || r.left < 0 || r.right > window.innerWidth) out.push(`${name}: outside its row`);
              if (control.scrollWidth > control.clientWidth + 1) out.push(`${name}: label cut (${control.scrollWidth} > ${control.clientWidth})`);
              boxes.forEach((other, j) => {
                const overlaps = j > i && r.left < other.right && other.left < r.right && r.top < other.bottom && other.top < r.bottom;
                if (overlaps) out.push(`${name}: overlaps ${(controls[j]!.textContent ?? '').trim() || 'input'}`);
              });
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              if (!hit || !control.contains(hit)) out.push(`${name}: covered`);
            });
            return out;
          });
          problems.push(...found.map((p) => `${theme.label}: ${p}`));
        }
      }
      expect(problems).toEqual([]);
      // and the buttons work: Clear goes back to the picker
      for (const label of [c.newRegion, c.newProvince]) {
        await dialog.getByRole('button', { name: c.clear, exact: true }).first().click();
        await expect(dialog.getByLabel(label, { exact: true })).toBeHidden();
      }

      // the required marks and an empty Save's messages under the fields are read in every theme
      await dialog.getByRole('button', { name: c.saveNew }).click();
      await page.getByRole('dialog', { name: c.errorTitle }).getByRole('button', { name: c.ok }).click();
      await expect(field(page, c.contactName).locator('.field-error')).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      const unreadable: string[] = [];
      for (const theme of themes) {
        await restoreTheme(page, theme);
        const found = await seriousViolationsInPage(page, { rules: ['color-contrast'], include: '.create-organization-dialog', timeout: 30_000 });
        unreadable.push(...found.map((v) => `${theme.label}: ${v.id} (${v.targets.slice(0, 4).join(' | ')})`));
      }
      expect(unreadable).toEqual([]);
    });

    test('the route opens the dialog over the list, it fits the screen, and closing with typed data asks first', async ({ page }) => {
      await stubTiles(page);
      await signIn(page, admin);
      await page.goto('/management/create-organization');
      const dialog = dialogOf(page);
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: o.title })).toBeAttached();
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(375);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      // the sections stack: one column (measured once the dialog's opening animation has ended)
      const fields = field(page, c.contactName).or(field(page, c.contactSurname));
      const boxes = async () => [(await fields.nth(0).boundingBox())!, (await fields.nth(1).boundingBox())!] as const;
      await expect.poll(async () => {
        const [first, second] = await boxes();
        return second.x - first.x;
      }).toBe(0);
      const [first, second] = await boxes();
      expect(second.y).toBeGreaterThan(first.y);

      const prompt = page.getByRole('alertdialog', { name: en.editor.discardTitle }).or(page.getByRole('dialog', { name: en.editor.discardTitle }));
      // a new region's name typed and not saved is typed data: Escape asks before it is lost
      await dialog.getByRole('button', { name: c.addRegion, exact: true }).click();
      const newRegion = dialog.getByLabel(c.newRegion, { exact: true });
      await newRegion.fill('Langkloof');
      await newRegion.press('Escape');
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: en.editor.keepEditing }).click();
      await expect(newRegion).toHaveValue('Langkloof');
      await dialog.getByRole('button', { name: c.clear, exact: true }).click();

      await dialog.getByLabel(c.contactName, { exact: true }).fill('Anna');
      await dialog.getByRole('button', { name: c.cancel }).click();
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: en.editor.keepEditing }).click();
      await expect(dialog.getByLabel(c.contactName, { exact: true })).toHaveValue('Anna');
      await dialog.getByRole('button', { name: c.cancel }).click();
      await prompt.getByRole('button', { name: en.editor.discard, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/management\/organizations$/);
    });
  });
});
