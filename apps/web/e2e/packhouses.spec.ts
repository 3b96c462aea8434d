/**
 * Packhouse management in the browser: link an existing packhouse through the Packhouse Setup
 * autocomplete and remove it again (only on confirm), create a new one (the organisation then runs
 * it, and the server refuses to remove it with a message), the name rules (required; unique ignoring
 * case and surrounding spaces, with the server's message), axe-core.
 */
import { expect, test, type Page } from './support/test';
import { PACKHOUSE_MESSAGES, PACKHOUSE_NAME_MAX, PACKHOUSES_PATHS } from '@orchard/shared/packhouses';
import { en, exactly, signIn, toast } from './support/app';
import { demoUser } from './support/demo-users';
import { apiHeaders, seriousViolations } from './support/picking';

const admin = demoUser('admin');
const PATH = '/management/packhouses';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const tableRow = (page: Page, name: string) => page.locator('.packhouses-table .p-datatable-tbody > tr').filter({ hasText: exactly(name) });
const confirmation = (page: Page) => page.locator('.p-confirm-dialog');
const dialog = (page: Page) => page.getByRole('dialog', { name: en.packhouses.dialogTitle });

async function openSetup(page: Page) {
  await page.getByRole('button', { name: en.packhouses.addPackhouse }).click();
  await expect(dialog(page)).toBeVisible();
  return {
    name: dialog(page).getByLabel(en.packhouses.name, { exact: true }),
    shortName: dialog(page).getByLabel(en.packhouses.shortName, { exact: true }),
    save: dialog(page).getByRole('button', { name: en.packhouses.save, exact: true }),
    cancel: dialog(page).getByRole('button', { name: en.packhouses.cancel, exact: true }),
  };
}

test.describe('packhouse management', () => {
  test('link an existing packhouse from the suggestions, then remove it only on confirm', async ({ page, request }) => {
    // a packhouse another organisation runs, not yet in the grower's list
    const name = `E2E Linked ${unique()}`;
    const created = await request.post(PACKHOUSES_PATHS.list, {
      headers: await apiHeaders(request, admin, 'Letaba Citrus Estates'),
      data: { name, shortname: 'ELK' },
    });
    expect(created.status()).toBe(201);

    await signIn(page, admin);
    await page.goto(PATH);
    await expect(page.getByRole('heading', { name: en.packhouses.title })).toBeVisible();
    await expect(tableRow(page, 'Kirkwood Packhouse')).toBeVisible();

    const form = await openSetup(page);
    // invalid and untouched: Save is disabled
    await expect(form.save).toBeDisabled();
    await expect(form.name).toHaveAttribute('size', '30');
    await form.name.pressSequentially(name.slice(0, 14));
    await page.getByRole('option', { name, exact: true }).click();
    await expect(form.name).toHaveValue(name);
    await expect(form.shortName).toBeDisabled();
    await expect(form.shortName).toHaveValue('ELK');
    const linked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PACKHOUSES_PATHS.list));
    await form.save.click();
    const body = (await (await linked).request().postDataJSON()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['id']);
    await expect(toast(page, en.packhouses.success, `${en.packhouses.added}: ${name}`)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(tableRow(page, name)).toBeVisible();

    // No keeps it
    await tableRow(page, name).getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = confirmation(page);
    await expect(confirm).toContainText(PACKHOUSE_MESSAGES.deleteConfirm);
    expect(en.packhouses.removeConfirm).toBe(PACKHOUSE_MESSAGES.deleteConfirm);
    await confirm.getByRole('button', { name: en.packhouses.no }).click();
    await expect(tableRow(page, name)).toBeVisible();

    // Yes removes it
    await tableRow(page, name).getByRole('button', { name: `Remove ${name}` }).click();
    await confirmation(page).getByRole('button', { name: en.packhouses.yes }).click();
    await expect(toast(page, en.packhouses.success, `${en.packhouses.removed}: ${name}`)).toBeVisible();
    await expect(tableRow(page, name)).toHaveCount(0);
  });

  test('create a new packhouse; the organisation runs it, so removing it is refused with the server message', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    const form = await openSetup(page);

    // the name is required
    await form.name.fill('x');
    await form.name.fill('');
    await form.name.blur();
    await expect(dialog(page).getByText(en.packhouses.nameRequired, { exact: true })).toBeVisible();

    const name = `E2E New ${unique()}`;
    await form.name.fill(name);
    await expect(form.shortName).toBeEnabled();
    await form.shortName.fill('ENW');
    const createdResponse = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PACKHOUSES_PATHS.list));
    await form.save.click();
    expect((await createdResponse).status()).toBe(201);
    await expect(tableRow(page, name)).toBeVisible();

    await tableRow(page, name).getByRole('button', { name: `Remove ${name}` }).click();
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirmation(page).getByRole('button', { name: en.packhouses.yes }).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, en.packhouses.error, PACKHOUSE_MESSAGES.owned)).toBeVisible();
    await expect(tableRow(page, name)).toBeVisible();
  });

  test('a name already taken, in another case and with spaces around it, is refused with the server message; nothing is added', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    await expect(tableRow(page, 'Kirkwood Packhouse')).toBeVisible();
    const rows = page.locator('.packhouses-table .p-datatable-tbody > tr');
    const before = await rows.count();
    const form = await openSetup(page);
    // a pasted name over the maximum is kept whole and refused with the rule's message, not cut to fit
    const tooLong = 'P'.repeat(PACKHOUSE_NAME_MAX + 1);
    await form.name.fill(tooLong);
    await expect(form.name).toHaveValue(tooLong);
    await form.save.click();
    await expect(dialog(page).getByText(PACKHOUSE_MESSAGES.nameLength, { exact: true })).toBeVisible();
    await form.name.fill('  kirkwood PACKHOUSE ');
    await form.shortName.fill('DUP');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PACKHOUSES_PATHS.list));
    await form.save.click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, en.packhouses.error, PACKHOUSE_MESSAGES.nameTaken)).toBeVisible();
    await expect(dialog(page).getByText(PACKHOUSE_MESSAGES.nameTaken, { exact: true })).toBeVisible();
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel with what was typed asks before discarding it
    await form.cancel.click();
    await confirmation(page).getByRole('button', { name: en.editor.discard, exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(rows).toHaveCount(before);
    await expect(tableRow(page, 'kirkwood PACKHOUSE')).toHaveCount(0);
  });

  test('Escape closes the open suggestion list first; closing with what was typed asks, and Keep editing keeps it', async ({ page, request }) => {
    // a packhouse another organisation runs: the grower is offered it as a suggestion
    const other = `E2E Escape ${unique()}`;
    const created = await request.post(PACKHOUSES_PATHS.list, { headers: await apiHeaders(request, admin, 'Letaba Citrus Estates'), data: { name: other } });
    expect(created.status()).toBe(201);
    const typed = other.slice(0, 12);
    await signIn(page, admin);
    await page.goto(PATH);
    const form = await openSetup(page);
    await form.name.pressSequentially(typed);
    const suggestions = page.locator('.p-autocomplete-panel');
    await expect(suggestions).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(suggestions).toHaveCount(0);
    await expect(dialog(page)).toBeVisible();
    await expect(form.name).toHaveValue(typed);

    // the next Escape closes the dialog, but the name was typed: it asks first
    await form.name.press('Escape');
    const prompt = confirmation(page).filter({ hasText: en.editor.discardMessage });
    await expect(prompt).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: en.editor.keepEditing, exact: true }).click();
    await expect(prompt).toHaveCount(0);
    await expect(dialog(page)).toBeVisible();
    await expect(form.name).toHaveValue(typed);

    await form.name.press('Escape');
    await prompt.getByRole('button', { name: en.editor.discard, exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
    // opened again, it starts empty and closes without asking
    const again = await openSetup(page);
    await expect(again.name).toHaveValue('');
    await again.name.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(confirmation(page)).toHaveCount(0);
  });

  test('axe-core: the list, the Packhouse Setup dialog and the confirmation', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(PATH);
    await expect(tableRow(page, 'Addo Packhouse')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const form = await openSetup(page);
    await form.name.pressSequentially('Pack');
    await form.name.fill('');
    await form.name.blur();
    await expect(dialog(page).getByText(en.packhouses.nameRequired, { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await form.cancel.click();
    await tableRow(page, 'Addo Packhouse').getByRole('button', { name: 'Remove Addo Packhouse' }).click();
    await expect(confirmation(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirmation(page).getByRole('button', { name: en.packhouses.no }).click();
  });
});
