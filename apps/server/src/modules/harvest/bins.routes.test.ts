/** Bin intake through the API: single entries, tipping, and the CSV import with preview and commit. */
import { reasonOf, PERMISSIONS, csvImportLineSchema } from '@orchard/shared/core';
import {
  BIN_IMPORT_MAX_BYTES,
  BIN_IMPORT_MESSAGES,
  BIN_MESSAGES,
  HARVEST_PATHS,
  type BinImportResponse,
  type BlockReportPage,
  type PucReportPage,
} from '@orchard/shared/harvest';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, multipartFile, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { runTenantCase, type TenantCase } from '../../../test/helpers/tenant-matrix';
import { fruitBins } from '../../db/schema/index';

const HEADER = 'puc,block,packhouse,received_date,bins,tipped,tipped_kgs';
/** a day in the future that is still a valid season */
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-01`;

describe('bin intake', () => {
  let t: TestApp;
  let w: HarvestWorld;
  let headersA: Record<string, string>;
  const binsOf = async (organizationId: number) =>
    (await t.db.select({ n: count() }).from(fruitBins).where(eq(fruitBins.organizationId, organizationId)))[0]!.n;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: headersA, payload });
  const importFile = (content: string | Buffer, mode: 'preview' | 'commit', headers = headersA) => {
    const body = multipartFile(content);
    return t.app.inject({ method: 'POST', url: `${HARVEST_PATHS.binImports}?mode=${mode}`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const pucReport = async () =>
    (await t.app.inject({ method: 'GET', url: HARVEST_PATHS.pucReport, headers: headersA })).json<PucReportPage>();

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  beforeEach(async () => {
    headersA = await t.headersFor(w.a.userId, w.a.organizationId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records bins for a production block, tipped with their total kgs', async () => {
    const before = await binsOf(w.a.organizationId);
    const res = await post(HARVEST_PATHS.bins, {
      production_Block: w.block.c2b01,
      packhouse: w.ph.ph2,
      count: 3,
      received_Date: '2025-06-10',
      tipped: true,
      tipped_Kgs: 1230,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ production_Block: w.block.c2b01, count: 3, season: 2025, tipped: true, tipped_Kgs: 1230 });
    expect(await binsOf(w.a.organizationId)).toBe(before + 3);
    const rows = await t.db
      .select({ kgs: fruitBins.tippedKgs, date: fruitBins.receivedDate, createdBy: fruitBins.createdBy })
      .from(fruitBins)
      .where(and(eq(fruitBins.productionBlockId, w.block.c2b01), eq(fruitBins.receivedDate, '2025-06-10')));
    expect(rows).toEqual([1, 2, 3].map(() => ({ kgs: 410, date: '2025-06-10', createdBy: w.a.userId })));
    // C2 now: 13 tipped, 4000 + 1230 kg
    expect((await pucReport()).rows.find((r) => r.puc === 'C2')).toMatchObject({ tipped: 13, tipped_Kgs: 5230 });
  });

  it('checks every field with its own message', async () => {
    const base = { production_Block: w.block.c2b01, packhouse: w.ph.ph2, count: 2, received_Date: '2025-06-10', tipped: false };
    const before = await binsOf(w.a.organizationId);
    const cases: [object, string, string][] = [
      [{ ...base, tipped_Kgs: 800 }, 'tipped_Kgs', BIN_MESSAGES.tippedKgsNotTipped],
      [{ ...base, tipped: true }, 'tipped_Kgs', BIN_MESSAGES.tippedKgsRequired],
      [{ ...base, tipped: true, tipped_Kgs: 20 }, 'tipped_Kgs', BIN_MESSAGES.tippedKgsRange],
      [{ ...base, count: 0 }, 'count', BIN_MESSAGES.count],
      [{ ...base, count: 5001 }, 'count', BIN_MESSAGES.count],
      [{ ...base, received_Date: '2025-02-30' }, 'received_Date', BIN_MESSAGES.receivedDate],
      [{ ...base, received_Date: '1999-12-31' }, 'received_Date', BIN_MESSAGES.receivedDate],
      [{ ...base, received_Date: 'x'.repeat(2000) }, 'received_Date', BIN_MESSAGES.receivedDate],
      [{ ...base, received_Date: NEXT_YEAR }, 'received_Date', BIN_MESSAGES.receivedDateFuture],
      [{ ...base, packhouse: w.ph.ph3 }, 'packhouse', BIN_MESSAGES.packhouse],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(HARVEST_PATHS.bins, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details).toContainEqual({ field, message, reason: reasonOf(message) ?? 'value-invalid' });
    }
    // another grower's block looks nonexistent
    expect((await post(HARVEST_PATHS.bins, { ...base, production_Block: w.block.l5b01 })).statusCode).toBe(404);
    expect(await binsOf(w.a.organizationId)).toBe(before);
  });

  it('tips the oldest waiting bins, all or none', async () => {
    // U01 has 3 bins waiting at PH1
    const res = await post(HARVEST_PATHS.binTippings, { production_Block: w.block.c10u01, packhouse: w.ph.ph1, count: 2, tipped_Kgs: 780 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ tipped: 2, tipped_Kgs: 780, not_Tipped: 1 });
    const tooMany = await post(HARVEST_PATHS.binTippings, { production_Block: w.block.c10u01, packhouse: w.ph.ph1, count: 2, tipped_Kgs: 800 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([{ field: 'count', message: BIN_MESSAGES.notEnoughUntipped(1), reason: 'bin-not-enough-untipped' }]);
    const page = (await t.app.inject({ method: 'GET', url: HARVEST_PATHS.blockReport.replace(':pucId', String(w.puc.c10)), headers: headersA })).json<BlockReportPage>();
    expect(page.rows.find((r) => r.production_Block === w.block.c10u01)).toMatchObject({ not_Tipped: 1, tipped: 2, tipped_Kgs: 780 });
  });

  it('previews a CSV file, reporting each bad row by line and field, and writes nothing', async () => {
    const before = await binsOf(w.a.organizationId);
    const csv = [
      HEADER,
      'C2,B01,PH2,2025-06-01,5,yes,2000',
      'C99,B01,PH2,2025-06-01,5,yes,2000',
      'C2,B77,PH2,2025-06-01,5,yes,2000',
      'C2,B01,PH3,2025-06-01,5,yes,2000',
      'C2,B01,PH2,2025-13-01,0,maybe,',
      'C2,B01,PH2,2025-06-01,5,yes,',
      'C2,B01,PH2,2025-06-01,5,no,100',
      `"C2","B01","PH2 Addo",${NEXT_YEAR},5,yes,10`,
    ].join('\n');
    const res = await importFile(csv, 'preview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BinImportResponse>();
    // every line in the shape of every CSV import: its cells as read, created or refused, no id
    expect(body).toMatchObject({ committed: false, created: 1, changed: 0, unchanged: 0, existing: 0, refused: 7, bins: 5 });
    expect(body.lines).toHaveLength(8);
    for (const line of body.lines) expect(csvImportLineSchema.strict().parse(line)).toEqual(line);
    expect(body.lines[0]).toEqual({
      line: 2,
      cells: { puc: 'C2', block: 'B01', packhouse: 'PH2', received_date: '2025-06-01', bins: '5', tipped: 'yes', tipped_kgs: '2000' },
      status: 'created',
      id: null,
      problems: [],
    });
    expect(body.lines[7]!.cells).toMatchObject({ puc: 'C2', packhouse: 'PH2 Addo', received_date: NEXT_YEAR });
    const problem = (field: string, message: string) => [field, message, reasonOf(message) ?? 'value-invalid'];
    expect(body.lines.map((l) => [l.line, l.status, l.problems.map((p) => [p.field, p.message, p.reason])])).toEqual([
      [2, 'created', []],
      [3, 'refused', [problem('puc', BIN_IMPORT_MESSAGES.unknownPuc)]],
      [4, 'refused', [problem('block', BIN_IMPORT_MESSAGES.unknownBlock)]],
      [5, 'refused', [problem('packhouse', BIN_MESSAGES.packhouse)]],
      [6, 'refused', [problem('received_date', BIN_MESSAGES.receivedDate), problem('bins', BIN_MESSAGES.count), problem('tipped', BIN_MESSAGES.tipped)]],
      [7, 'refused', [problem('tipped_kgs', BIN_MESSAGES.tippedKgsRequired)]],
      [8, 'refused', [problem('tipped_kgs', BIN_MESSAGES.tippedKgsNotTipped)]],
      [9, 'refused', [problem('received_date', BIN_MESSAGES.receivedDateFuture), problem('tipped_kgs', BIN_MESSAGES.tippedKgsRange)]],
    ]);
    expect(body.lines[1]!.problems[0]!.reason).toBe('bin-import-unknown-puc');
    expect(await binsOf(w.a.organizationId)).toBe(before);

    // a commit of the same file writes nothing and answers the errors by line
    const commit = await importFile(csv, 'commit');
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: BIN_IMPORT_MESSAGES.hasErrors, reason: 'bin-import-has-errors' });
    expect(commit.json().error.details).toContainEqual({ field: 'line 3: puc', message: BIN_IMPORT_MESSAGES.unknownPuc, reason: 'bin-import-unknown-puc' });
    expect(await binsOf(w.a.organizationId)).toBe(before);
  });

  it('commits a good file in one go and the report moves', async () => {
    const before = await binsOf(w.a.organizationId);
    const reportBefore = await pucReport();
    const csv = [
      'Tipped_Kgs,PUC,Block,Packhouse,Received_Date,Bins,Tipped', // any column order, any case
      '2000,C2,B01,PH2,2025-06-01,5,yes',
      ',C10,U01,PH1 Kirkwood,2025-06-02,4,no',
      ',c1,b01,ph1,2025-06-03,2,No',
      '',
    ].join('\r\n');
    const res = await importFile(`\uFEFF${csv}`, 'commit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BinImportResponse>()).toMatchObject({ committed: true, created: 3, refused: 0, bins: 11 });
    expect(res.json<BinImportResponse>().lines.map((l) => [l.line, l.status, l.cells.puc])).toEqual([
      [2, 'created', 'C2'],
      [3, 'created', 'C10'],
      [4, 'created', 'c1'],
    ]);
    expect(await binsOf(w.a.organizationId)).toBe(before + 11);
    const after = await pucReport();
    const delta = (puc: string, key: 'tipped' | 'not_Tipped' | 'tipped_Kgs') =>
      after.rows.find((r) => r.puc === puc)![key] - reportBefore.rows.find((r) => r.puc === puc)![key];
    expect([delta('C2', 'tipped'), delta('C2', 'tipped_Kgs'), delta('C10', 'not_Tipped'), delta('C1', 'not_Tipped')]).toEqual([5, 2000, 4, 2]);
    const imported = await t.db
      .select({ kgs: fruitBins.tippedKgs, tipped: fruitBins.tipped, season: fruitBins.season })
      .from(fruitBins)
      .where(and(eq(fruitBins.productionBlockId, w.block.c2b01), eq(fruitBins.receivedDate, '2025-06-01')))
      .orderBy(asc(fruitBins.id));
    expect(imported).toEqual(Array.from({ length: 5 }, () => ({ kgs: 400, tipped: true, season: 2025 })));
  });

  it('refuses files that are not CSV text, empty files, missing columns and files over 5 MB', async () => {
    const before = await binsOf(w.a.organizationId);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const notText = await importFile(png, 'preview');
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error.details).toEqual([{ field: 'file', message: BIN_IMPORT_MESSAGES.notCsv, reason: 'bin-import-not-csv' }]);
    const latin1 = await importFile(Buffer.from([0x43, 0x32, 0x2c, 0xe9, 0x0a]), 'preview');
    expect(latin1.statusCode).toBe(400);
    const empty = await importFile(`${HEADER}\n`, 'preview');
    expect(empty.json().error.details).toEqual([{ field: 'file', message: BIN_IMPORT_MESSAGES.empty, reason: 'bin-import-empty' }]);
    // a missing column refuses the file, as in every import
    const missing = await importFile('puc,block,packhouse,bins,tipped\nC2,B01,PH2,1,no', 'preview');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ message: BIN_IMPORT_MESSAGES.missingColumn('received_date'), reason: 'bin-import-missing-column' });
    expect(missing.json().error.details).toEqual([{ field: 'received_date', message: BIN_IMPORT_MESSAGES.missingColumn('received_date'), reason: 'bin-import-missing-column' }]);
    // more bins than one file may hold, though each line is good
    const manyBins = await importFile(`${HEADER}\n${'C2,B01,PH2,2025-06-01,5000,no,\n'.repeat(41)}`, 'preview');
    expect(manyBins.statusCode).toBe(400);
    expect(manyBins.json().error.details).toEqual([{ field: 'bins', message: BIN_IMPORT_MESSAGES.tooManyBins, reason: 'bin-import-too-many-bins' }]);
    const line = 'C2,B01,PH2,2025-06-01,1,no,\n';
    const big = `${HEADER}\n${line.repeat(Math.ceil(BIN_IMPORT_MAX_BYTES / line.length))}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(BIN_IMPORT_MAX_BYTES);
    const tooBig = await importFile(big, 'commit');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const noFile = await t.app.inject({ method: 'POST', url: `${HARVEST_PATHS.binImports}?mode=commit`, headers: headersA });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(BIN_IMPORT_MESSAGES.noFile);
    const json = await t.app.inject({ method: 'POST', url: `${HARVEST_PATHS.binImports}?mode=commit`, headers: headersA, payload: {} });
    expect(json.statusCode).toBe(415);
    expect(await binsOf(w.a.organizationId)).toBe(before);
  });

  it('needs harvest.estimates.edit to write bins', async () => {
    const reader = await memberWith(t, w.a.organizationId, 'bins-reader', [PERMISSIONS.harvestReports]);
    const headers = await t.headersFor(reader, w.a.organizationId);
    const body = { production_Block: w.block.c2b01, packhouse: w.ph.ph2, count: 1, received_Date: '2025-06-10', tipped: false };
    expect((await t.app.inject({ method: 'POST', url: HARVEST_PATHS.bins, headers, payload: body })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: HARVEST_PATHS.binTippings, headers, payload: { ...body, tipped_Kgs: 400 } })).statusCode,
    ).toBe(403);
    expect((await importFile(`${HEADER}\nC2,B01,PH2,2025-06-01,1,no,`, 'preview', headers)).statusCode).toBe(403);
  });

  it("never lets organisation B write bins for A's blocks or PUCs (tenant matrix)", async () => {
    const before = await binsOf(w.a.organizationId);
    const unchanged = async () => {
      expect(await binsOf(w.a.organizationId)).toBe(before);
    };
    const file = (mode: string) => {
      const body = multipartFile(`${HEADER}\nC2,B01,PH2,2025-06-01,5,yes,2000`);
      return { method: 'POST' as const, url: `${HARVEST_PATHS.binImports}?mode=${mode}`, headers: body.headers, payload: body.payload };
    };
    const cases: TenantCase[] = [
      {
        name: "bins for A's block",
        request: () => ({
          method: 'POST',
          url: HARVEST_PATHS.bins,
          payload: { production_Block: w.block.c2b01, packhouse: w.ph.ph2, count: 1, received_Date: '2025-06-10', tipped: false },
        }),
        expect: 'not-found',
        unchanged,
      },
      {
        name: "tipping A's bins",
        request: () => ({
          method: 'POST',
          url: HARVEST_PATHS.binTippings,
          payload: { production_Block: w.block.c10b01, packhouse: w.ph.ph1, count: 1, tipped_Kgs: 400 },
        }),
        expect: 'not-found',
        unchanged,
      },
      { name: "previewing an import for A's PUC", request: () => file('preview'), expect: 'no-leak', unchanged },
      { name: "committing an import for A's PUC", request: () => file('commit'), expect: 'no-leak', unchanged },
    ];
    for (const c of cases) {
      const res = await runTenantCase(t, w, c);
      if (c.name.startsWith('committing')) expect(res.statusCode).toBe(400);
      if (c.name.startsWith('previewing')) {
        expect(res.json<BinImportResponse>().lines[0]).toMatchObject({ line: 2, status: 'refused' });
        expect(res.json<BinImportResponse>().lines[0]!.problems[0]).toMatchObject({ field: 'puc' });
      }
    }
  });
});
