/**
 * Farm blocks in Farm Setup, in the browser: as the demo administrator, add a farm block on a farm
 * (a name taken on the farm is refused beside the field), link a production block to it from the
 * production block dialog, a delete of the linked farm block is refused with its reason and goes
 * through once the link is cleared; axe-core on the tab and its dialog at 1280 and 375 px.
 */
import { test } from './support/test';
import { FARM_SETUP_PATHS, productionBlockLabel, setupVarietiesResponseSchema } from '@orchard/shared/farm-setup';
import { en, exactly, scrollWidth, toast } from './support/app';
import { seriousViolations } from './support/axe-check';
import {
  confirmation,
  dialog,
  dropdown,
  expect,
  farmWithPuc,
  fill,
  fs,
  openPanel,
  openScreen,
  openTab,
  save,
  tableRow,
} from './support/farm-setup';
import { chooseOption } from './support/picking';

test.describe('farm setup: farm blocks', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a farm block on a farm; a production block linked to it; its delete is refused while linked', async ({ page, request }) => {
    const { headers, farmName, pucId, pucName } = await farmWithPuc(request);
    const varieties = setupVarietiesResponseSchema.parse(await (await request.get(FARM_SETUP_PATHS.varieties, { headers })).json());
    const created = await request.post(FARM_SETUP_PATHS.productionBlocks, {
      headers,
      data: { pucId, code: 'L01', name: 'Linked', ha: 1, varietyId: varieties.find((v) => v.varietyName === 'Navel')!.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    await openScreen(page);

    // the farm block, added on the farm the list is filtered by; a name taken on the farm is refused beside the field
    await openTab(page, fs.tab.farmBlocks);
    await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.farm), farmName);
    for (const name of ['FB1', 'fb1 ']) {
      await page.getByRole('button', { name: fs.add.farmBlock }).click();
      const add = dialog(page, fs.add.farmBlock);
      await expect(dropdown(add, fs.fields.farm).locator('.p-dropdown-label')).toHaveText(farmName);
      await add.getByLabel(fs.fields.farmBlockName, { exact: true }).fill(name);
      await add.getByLabel(fs.fields.ha, { exact: true }).fill('1.5');
      await chooseOption(page, dropdown(add, fs.fields.variety), 'Navel (Oranges)');
      await add.getByLabel(fs.fields.daffCode, { exact: true }).fill(' D-1 ');
      if (name === 'FB1') {
        await save(page, add, fill(fs.added, { name }));
        continue;
      }
      await add.getByRole('button', { name: fs.save, exact: true }).click();
      await expect(add.getByText(fs.reasons.farmBlockNameTaken, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'farm block dialog').toEqual([]);
      await add.getByRole('button', { name: fs.cancel, exact: true }).click();
      await page.getByRole('button', { name: en.editor.discard, exact: true }).click();
      await expect(add).toHaveCount(0);
    }
    const farmBlock = tableRow(page, 'FB1');
    await expect(farmBlock).toContainText(farmName);
    await expect(farmBlock).toContainText('Navel');
    await expect(farmBlock.locator('td', { hasText: exactly('D-1') })).toHaveCount(1);
    expect(await seriousViolations(page), 'farm blocks tab').toEqual([]);

    // the production block links to it: the farm blocks offered are those on its PUC's farm
    const linkBlock = async (to: string | null) => {
      await openTab(page, fs.tab.blocks);
      await chooseOption(page, dropdown(openPanel(page).locator('.farm-setup-toolbar'), fs.fields.puc), pucName);
      await tableRow(page, 'L01').getByRole('button', { name: fill(fs.edit, { name: productionBlockLabel({ code: 'L01', variety: 'Navel' }) }) }).click();
      const edit = dialog(page, fs.editTitle.block);
      const field = dropdown(edit, fs.fields.farmBlock);
      if (to) await chooseOption(page, field, to);
      else await field.getByLabel('Clear', { exact: true }).click();
      await expect(field.locator('.p-dropdown-label')).toHaveText(to ?? fs.noFarmBlock);
      await save(page, edit, fill(fs.saved, { name: 'L01' }));
      await expect(tableRow(page, 'L01')).toContainText(to ?? 'Linked');
    };
    await linkBlock('FB1');

    // linked: the farm block's delete is refused with the reason
    const deleteFarmBlock = async (status: number) => {
      await openTab(page, fs.tab.farmBlocks);
      await tableRow(page, 'FB1').getByRole('button', { name: fill(fs.delete, { name: 'FB1' }) }).click();
      const answer = page.waitForResponse((r) => r.request().method() === 'DELETE');
      await confirmation(page).getByRole('button', { name: fs.yes, exact: true }).click();
      expect((await answer).status()).toBe(status);
    };
    await deleteFarmBlock(409);
    await expect(toast(page, fs.notDeleted, fs.reasons.farmBlockInUse)).toBeVisible();
    await expect(tableRow(page, 'FB1')).toBeVisible();

    // the link cleared, the farm block can go
    await linkBlock(null);
    await deleteFarmBlock(204);
    await expect(toast(page, fs.success, fill(fs.deleted, { name: 'FB1' }))).toBeVisible();
    await expect(tableRow(page, 'FB1')).toHaveCount(0);
  });

  test.describe('375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the farm blocks tab and its dialog fit and are axe-clean', async ({ page }) => {
      await openScreen(page);
      await openTab(page, fs.tab.farmBlocks);
      await expect(openPanel(page).locator('.p-datatable-tbody > tr').first()).toBeVisible();
      await expect(page.locator('.table-skeleton')).toHaveCount(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: fs.add.farmBlock }).click();
      const add = dialog(page, fs.add.farmBlock);
      await add.getByRole('button', { name: fs.save, exact: true }).click();
      await expect(add.getByText(fs.reasons.farmBlockNameRequired, { exact: true })).toBeVisible();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      const box = await add.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
