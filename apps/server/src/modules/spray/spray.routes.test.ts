import { INT_MAX, PERMISSIONS, csvImportAnswerSchema, type CsvImportLine } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES } from '@orchard/shared/farm-setup';
import {
  SPRAY_IMPORT_COLUMNS,
  SPRAY_MESSAGES as M,
  SPRAY_PATHS,
  sprayMarketPath,
  sprayProductPath,
  type ExportMarket,
  type SprayProduct,
  type SprayProductBody,
} from '@orchard/shared/spray';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createRole, createUser } from '../../../test/helpers/fixtures';
import { multipartFile } from '../../../test/helpers/harvest-world';
import { createTenantWorld, runTenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { exportLogs, sprayProductMarketDays, sprayProducts } from '../../db/schema/index';

describe('spray products and export markets', () => {
  let t: TestApp;
  let w: TenantWorld;
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(await t.headersFor(userId, organizationId)) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const asB = (options: InjectOptions) => as(w.b.userId, w.b.organizationId, options);
  const productsOfA = async () => ((await asA({ method: 'GET', url: SPRAY_PATHS.products })).json().result as SprayProduct[]);
  const storedOfA = async () => (await t.db.select().from(sprayProducts).where(eq(sprayProducts.organizationId, w.a.organizationId))).map((p) => [p.name, p.localWithholdingDays, p.version]);
  const upload = (csv: string, mode: 'preview' | 'commit' = 'preview') => {
    const { payload, headers } = multipartFile(csv, 'products.csv');
    return asA({ method: 'POST', url: `${SPRAY_PATHS.productImports}?mode=${mode}`, payload, headers });
  };

  const abamectin = (): SprayProductBody => ({
    name: `Abamectin 18 EC ${w.a.canary}`,
    registrationNumber: 'L1234',
    formulation: 'EC',
    activeIngredients: [{ name: 'Abamectin', concentration: '18 g/L' }],
    targetPests: ['Citrus thrips', 'Citrus red mite'],
    localWithholdingDays: 7,
    marketWithholding: [
      { market: 'EU', days: 14 },
      { market: 'china', days: 21 },
    ],
  });
  let productId: number;
  let markets: ExportMarket[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createTenantWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('export markets', () => {
    it('adds markets (trimmed), lists them by name, and refuses a name taken (any case), "local" and a blank one', async () => {
      for (const name of [' EU ', 'China', 'UK']) expect((await asA({ method: 'POST', url: SPRAY_PATHS.markets, payload: { name } })).statusCode).toBe(201);
      const taken = await asA({ method: 'POST', url: SPRAY_PATHS.markets, payload: { name: 'eu' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ message: M.marketNameTaken, reason: 'export-market-name-taken' });
      const local = await asA({ method: 'POST', url: SPRAY_PATHS.markets, payload: { name: 'Local' } });
      expect(local.statusCode).toBe(400);
      expect(local.json().error.details).toEqual([{ field: 'name', message: M.marketNameReserved, reason: 'export-market-name-reserved' }]);
      expect((await asA({ method: 'POST', url: SPRAY_PATHS.markets, payload: { name: '  ' } })).statusCode).toBe(400);
      markets = (await asA({ method: 'GET', url: SPRAY_PATHS.markets })).json().result;
      expect(markets.map((m) => [m.name, m.productCount])).toEqual([
        ['China', 0],
        ['EU', 0],
        ['UK', 0],
      ]);
    });
  });

  describe('products', () => {
    it('adds a product with its days per market, named by the market as kept', async () => {
      const res = await asA({ method: 'POST', url: SPRAY_PATHS.products, payload: abamectin() });
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json() as SprayProduct;
      productId = product.id;
      expect(product).toMatchObject({
        name: `Abamectin 18 EC ${w.a.canary}`,
        formulation: 'EC',
        localWithholdingDays: 7,
        version: 1,
        marketWithholding: [
          { market: 'China', days: 21 },
          { market: 'EU', days: 14 },
        ],
      });
      expect(await productsOfA()).toEqual([product]);
    });

    it("refuses a bad value with the rule's message, saving nothing", async () => {
      const res = await asA({ method: 'POST', url: SPRAY_PATHS.products, payload: { ...abamectin(), name: 'Other', marketWithholding: [{ market: 'EU', days: 400 }] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'marketWithholding.0.days', message: M.daysRange, reason: 'withholding-days-range' }]);
      const local = await asA({ method: 'POST', url: SPRAY_PATHS.products, payload: { ...abamectin(), name: 'Other', localWithholdingDays: -1 } });
      expect(local.json().error.details).toEqual([{ field: 'localWithholdingDays', message: M.daysRange, reason: 'withholding-days-range' }]);
      const unknown = await asA({ method: 'POST', url: SPRAY_PATHS.products, payload: { ...abamectin(), name: 'Other', marketWithholding: [{ market: 'Japan', days: 3 }] } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.details).toEqual([{ field: 'marketWithholding.0.market', message: M.marketUnknown, reason: 'withholding-market-unknown' }]);
      const twice = await asA({ method: 'POST', url: SPRAY_PATHS.products, payload: { ...abamectin(), name: ` ${abamectin().name.toUpperCase()} ` } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({ message: M.nameTaken, reason: 'spray-product-name-taken' });
      expect(await storedOfA()).toEqual([[abamectin().name, 7, 1]]);
    });

    it('edits a product on the version it was read at; a stale version answers 412 and saves nothing', async () => {
      const edit = { ...abamectin(), localWithholdingDays: 0, marketWithholding: [{ market: 'UK', days: 10 }], version: 1 };
      const res = await asA({ method: 'PUT', url: sprayProductPath(productId), payload: edit });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ localWithholdingDays: 0, version: 2, marketWithholding: [{ market: 'UK', days: 10 }] });
      for (const version of [1, INT_MAX]) {
        const stale = await asA({ method: 'PUT', url: sprayProductPath(productId), payload: { ...edit, localWithholdingDays: 30, version } });
        expect(stale.statusCode).toBe(412);
        expect(stale.json().error).toMatchObject({ message: M.stale, reason: 'spray-product-stale' });
      }
      const tooMany = await asA({ method: 'PUT', url: sprayProductPath(productId), payload: { ...edit, localWithholdingDays: 400, version: 2 } });
      expect(tooMany.statusCode).toBe(400);
      expect(await storedOfA()).toEqual([[abamectin().name, 0, 2]]);
      expect((await asA({ method: 'PUT', url: sprayProductPath(INT_MAX), payload: { ...edit, version: 2 } })).statusCode).toBe(404);
    });

    it('keeps a market a product names; once no product names it, it can be deleted', async () => {
      markets = (await asA({ method: 'GET', url: SPRAY_PATHS.markets })).json().result;
      const uk = markets.find((m) => m.name === 'UK')!;
      expect(uk.productCount).toBe(1);
      const used = await asA({ method: 'DELETE', url: sprayMarketPath(uk.id) });
      expect(used.statusCode).toBe(409);
      expect(used.json().error).toMatchObject({ message: M.marketInUse, reason: 'export-market-in-use' });
      const china = markets.find((m) => m.name === 'China')!;
      expect((await asA({ method: 'DELETE', url: sprayMarketPath(china.id) })).statusCode).toBe(204);
      expect(((await asA({ method: 'GET', url: SPRAY_PATHS.markets })).json().result as ExportMarket[]).map((m) => m.name)).toEqual(['EU', 'UK']);
      expect((await asA({ method: 'DELETE', url: sprayMarketPath(china.id) })).statusCode).toBe(404);
    });
  });

  describe('CSV import and export', () => {
    const header = SPRAY_IMPORT_COLUMNS.join(',');

    it('previews every line, writing nothing, and refuses a commit with a refused line', async () => {
      const csv = [
        'Name,Registration_Number,Formulation,Active_Ingredients,Target_Pests,Local_Days,Market_Days',
        `"${abamectin().name}",L1234,ec,Abamectin: 18 g/L,Citrus thrips; Citrus red mite,0,uk=10`, // unchanged
        'Copper oxychloride,L2,wp,Copper: 850 g/kg,Black spot,10,EU=3', // created
        'Bad days,L3,SC,,,400,', // refused: days
        'Bad market,L4,SC,,,5,Japan=4', // refused: unknown market
        'Formula,L5,SC,,=cmd,5,', // refused: formula
        'Copper oxychloride,L6,WP,,,1,', // refused: twice in the file
        'Bad list,L7,SC,,,5,EU:4', // refused: not market=days
      ].join('\n');
      const res = await upload(csv);
      expect(res.statusCode, res.body).toBe(200);
      const answer = csvImportAnswerSchema.parse(res.json());
      expect(answer).toMatchObject({ committed: false, created: 1, changed: 0, unchanged: 1, refused: 5 });
      const problems = (l: CsvImportLine) => l.problems.map((p) => [p.field, p.message]);
      expect(answer.lines.map((l) => [l.line, l.status, problems(l)])).toEqual([
        [2, 'unchanged', []],
        [3, 'created', []],
        [4, 'refused', [['local_days', M.daysRange]]],
        [5, 'refused', [['market_days', M.marketUnknown]]],
        [6, 'refused', [['target_pests', FARM_SETUP_MESSAGES.importFormula]]],
        [7, 'refused', [['name', M.importDuplicate]]],
        [8, 'refused', [['market_days', M.importMarketDaysInvalid]]],
      ]);
      const commit = await upload(csv, 'commit');
      expect(commit.statusCode).toBe(400);
      expect(commit.json().error).toMatchObject({ message: M.importHasErrors });
      expect(await storedOfA()).toEqual([[abamectin().name, 0, 2]]);
    });

    it('commits a clean file all at once: created and changed lines', async () => {
      const csv = [header, `${abamectin().name},L1234,EC,Abamectin: 18 g/L,Citrus thrips,3,UK=10; EU=12`, 'Copper oxychloride,L2,WP,Copper: 850 g/kg,Black spot,10,EU=3'].join('\r\n');
      const res = await upload(csv, 'commit');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ committed: true, created: 1, changed: 1, refused: 0 });
      const [first, second] = await productsOfA();
      expect(first).toMatchObject({ name: abamectin().name, localWithholdingDays: 3, version: 3, targetPests: ['Citrus thrips'] });
      expect(first!.marketWithholding).toEqual([
        { market: 'EU', days: 12 },
        { market: 'UK', days: 10 },
      ]);
      expect(second).toMatchObject({ name: 'Copper oxychloride', formulation: 'WP', activeIngredients: [{ name: 'Copper', concentration: '850 g/kg' }] });
    });

    it("exports the products in the import's columns, and logs the export", async () => {
      const res = await asA({ method: 'GET', url: SPRAY_PATHS.productsExport });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/SprayProducts-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv/);
      expect(res.body.split('\r\n')).toEqual([
        header,
        `${abamectin().name},L1234,EC,Abamectin: 18 g/L,Citrus thrips,3,EU=12; UK=10`,
        'Copper oxychloride,L2,WP,Copper: 850 g/kg,Black spot,10,EU=3',
        '',
      ]);
      const logs = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
      expect(logs.map((l) => l.reportName)).toContain('Spray Products');
      // the exported file imports back unchanged
      const again = await upload(res.body);
      expect(again.json()).toMatchObject({ unchanged: 2, created: 0, changed: 0, refused: 0 });
    });
  });

  describe('boundaries', () => {
    it("answers 404 for another organisation's product or market, changing nothing, and never shows its rows", async () => {
      const before = await storedOfA();
      const uk = ((await asA({ method: 'GET', url: SPRAY_PATHS.markets })).json().result as ExportMarket[]).find((m) => m.name === 'UK')!;
      const body = { ...abamectin(), name: 'Taken over', marketWithholding: [], version: 3 };
      for (const request of [
        { method: 'PUT', url: sprayProductPath(productId), payload: body },
        { method: 'DELETE', url: sprayProductPath(productId) },
        { method: 'DELETE', url: sprayMarketPath(uk.id) },
      ] as InjectOptions[]) {
        await runTenantCase(t, w, { name: `${request.method} ${request.url}`, request: () => request, expect: 'not-found' });
      }
      for (const url of [SPRAY_PATHS.products, SPRAY_PATHS.markets, SPRAY_PATHS.productsExport]) {
        await runTenantCase(t, w, { name: url, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
      }
      // B's product may take A's market name: it names B's own markets only
      const market = await asB({ method: 'POST', url: SPRAY_PATHS.products, payload: { ...abamectin(), name: 'B product', marketWithholding: [{ market: 'UK', days: 1 }] } });
      expect(market.statusCode).toBe(400);
      expect(await storedOfA()).toEqual(before);
      expect((await asA({ method: 'GET', url: SPRAY_PATHS.markets })).json().result.find((m: ExportMarket) => m.name === 'UK')).toBeDefined();
    });

    it('needs spray.products.manage for every route', async () => {
      const role = await createRole(t.db, w.a.organizationId, 'No spray', [PERMISSIONS.managementFarmSetup]);
      const user = await createUser(t.db, 'spray-no-permission');
      await addMember(t.db, user.id, w.a.organizationId, [role.id]);
      for (const request of [
        { method: 'GET', url: SPRAY_PATHS.products },
        { method: 'POST', url: SPRAY_PATHS.products, payload: abamectin() },
        { method: 'DELETE', url: sprayProductPath(productId) },
        { method: 'GET', url: SPRAY_PATHS.markets },
        { method: 'GET', url: SPRAY_PATHS.productsExport },
      ] as InjectOptions[]) {
        expect((await as(user.id, w.a.organizationId, request)).statusCode, String(request.url)).toBe(403);
      }
    });

    it('deletes a product with its market days', async () => {
      expect((await asA({ method: 'DELETE', url: sprayProductPath(productId) })).statusCode).toBe(204);
      expect(await t.db.select().from(sprayProductMarketDays).where(eq(sprayProductMarketDays.productId, productId))).toEqual([]);
      expect((await asA({ method: 'DELETE', url: sprayProductPath(productId) })).statusCode).toBe(404);
      expect((await productsOfA()).map((p) => p.name)).toEqual(['Copper oxychloride']);
    });
  });
});
