import { PERMISSIONS, csvImportAnswerSchema, type CsvImportLine } from '@orchard/shared/core';
import { BLOCK_IMPORT_COLUMNS, BLOCK_IMPORT_EXAMPLE, FARM_SETUP_MESSAGES, FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, memberWith, multipartFile, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { productionBlocks } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const HEADER = 'PUC,Code,Name,Ha,Variety,Planting_Year';

describe('production block import', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const send = async (userId: number, csv: string | Buffer, mode: 'preview' | 'commit' = 'preview') => {
    const { payload, headers } = multipartFile(csv, 'blocks.csv');
    const options: InjectOptions = { method: 'POST', url: `${FARM_SETUP_PATHS.productionBlockImports}?mode=${mode}`, payload, headers: { ...headers, ...(await t.headersFor(userId, w.a.organizationId)) } };
    return t.app.inject(options);
  };
  const blocksOf = async (pucId: number) =>
    (await t.db.select().from(productionBlocks).where(eq(productionBlocks.pucId, pucId))).map((b) => [b.code, b.name, b.ha, b.plantingYear, b.version]).sort();

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const mixed = [
    HEADER,
    'C10,B01,Block One,2.5,Navel,2010', // existing: changed
    'C2,N1,New One,1.25,navel,', // created
    'C2,N2,Formula,1,Navel,"=HYPERLINK(""http://x"")"', // formula cell
    'C2,N3,Unknown variety,1,Kumquat,2012',
    'L5,N4,Other organisation,1,Navel,2012', // grower G's PUC: unknown
    'C2,N5,Future,1,Navel,2027',
    'C2,N6,Too precise,1.00001,Navel,2012',
    'C2,N1,Twice,1,Navel,2012', // same PUC and code again
    'C2,N7,+cmd,1,Navel,2012',
  ].join('\n');

  it('previews each line as created, changed or refused with the reasons, and writes nothing', async () => {
    const before = await blocksOf(w.puc.c2);
    const res = await send(w.a.userId, mixed);
    expect(res.statusCode, res.body).toBe(200);
    // the answer of every CSV import, and nothing more
    const body = csvImportAnswerSchema.strict().parse(res.json());
    expect(body).toMatchObject({ committed: false, created: 1, changed: 1, unchanged: 0, existing: 0, refused: 7 });
    const byLine = new Map<number, CsvImportLine>(body.lines.map((l) => [l.line, l]));
    const cells = (puc: string, code: string, name: string, ha: string, variety: string, plantingYear: string) => ({ puc, code, name, ha, variety, planting_year: plantingYear });
    expect(byLine.get(2)).toEqual({ line: 2, cells: cells('C10', 'B01', 'Block One', '2.5', 'Navel', '2010'), status: 'changed', id: w.block.c10b01, problems: [] });
    expect(byLine.get(3)).toEqual({ line: 3, cells: cells('C2', 'N1', 'New One', '1.25', 'navel', ''), status: 'created', id: null, problems: [] });
    expect(byLine.get(5)!.problems).toEqual([{ field: 'variety', message: FARM_SETUP_MESSAGES.importUnknownVariety, reason: 'block-import-unknown-variety' }]);
    const reasonsOf = (line: number) => byLine.get(line)!.problems.map((p) => p.reason);
    expect(reasonsOf(4)).toEqual(['block-import-formula']);
    expect(reasonsOf(5)).toEqual(['block-import-unknown-variety']);
    expect(reasonsOf(6)).toEqual(['block-import-unknown-puc']);
    expect(reasonsOf(7)).toEqual(['planting-year-range']);
    expect(reasonsOf(8)).toEqual(['hectares-invalid']);
    expect(reasonsOf(9)).toEqual(['block-import-duplicate']);
    expect(reasonsOf(10)).toEqual(['block-import-formula']);
    expect(await blocksOf(w.puc.c2)).toEqual(before);
  });

  it('refuses to commit a file with refused lines (400, nothing written)', async () => {
    const before = await blocksOf(w.puc.c10);
    const res = await send(w.a.userId, mixed, 'commit');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.importHasErrors, reason: 'block-import-has-errors' });
    expect(res.json().error.details).toEqual(expect.arrayContaining([{ field: 'line 4: planting_year', message: FARM_SETUP_MESSAGES.importFormula, reason: 'block-import-formula' }]));
    expect(await blocksOf(w.puc.c10)).toEqual(before);
    expect(await t.db.select().from(productionBlocks).where(and(eq(productionBlocks.pucId, w.puc.c2), eq(productionBlocks.code, 'N1')))).toEqual([]);
  });

  it('previews a clean file without writing; its commit creates and changes blocks; the same file then previews as unchanged', async () => {
    const clean = [HEADER, 'C10,B01,Block One,2.5,Navel,2010', 'C2,N1,New One,1.25,navel,'].join('\r\n');
    const blocksBefore = await blocksOf(w.puc.c10);
    const preview = await send(w.a.userId, clean);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ committed: false, created: 1, changed: 1, refused: 0 });
    expect(await blocksOf(w.puc.c10)).toEqual(blocksBefore);
    expect(await t.db.select().from(productionBlocks).where(and(eq(productionBlocks.pucId, w.puc.c2), eq(productionBlocks.code, 'N1')))).toEqual([]);
    // a request that names no mode previews
    const { payload, headers } = multipartFile(clean, 'blocks.csv');
    const noMode = await t.app.inject({ method: 'POST', url: FARM_SETUP_PATHS.productionBlockImports, payload, headers: { ...headers, ...(await t.headersFor(w.a.userId, w.a.organizationId)) } });
    expect(noMode.statusCode, noMode.body).toBe(200);
    expect(noMode.json()).toMatchObject({ committed: false, created: 1 });

    const res = await send(w.a.userId, clean, 'commit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ committed: true, created: 1, changed: 1, refused: 0 });
    const [b01] = await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, w.block.c10b01));
    expect(b01).toMatchObject({ code: 'B01', name: 'Block One', ha: 2.5, plantingYear: 2010, version: 2 });
    expect(b01!.farmBlockId).not.toBeNull();
    const created = res.json().lines.find((l: CsvImportLine) => l.cells.code === 'N1');
    const [n1] = await t.db.select().from(productionBlocks).where(eq(productionBlocks.id, created.id));
    expect(n1).toMatchObject({ pucId: w.puc.c2, name: 'New One', ha: 1.25, varietyId: w.variety.navel, plantingYear: null, farmBlockId: null, version: 1 });
    const again = await send(w.a.userId, clean);
    expect(again.json()).toMatchObject({ created: 0, changed: 0, unchanged: 2, refused: 0 });
  });

  it('refuses files that are not CSV text or lack a column', async () => {
    const binary = await send(w.a.userId, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.reason).toBe('block-import-not-csv');
    const noHa = await send(w.a.userId, 'puc,code,name,variety\nC2,X,X,Navel');
    expect(noHa.statusCode).toBe(400);
    expect(noHa.json().error).toMatchObject({ message: FARM_SETUP_MESSAGES.importMissingColumn('ha'), reason: 'block-import-missing-column' });
    const empty = await send(w.a.userId, HEADER);
    expect(empty.json().error.reason).toBe('block-import-empty');
  });

  it("the template's example line reads without a problem of its own format", async () => {
    const example = BLOCK_IMPORT_COLUMNS.map((c) => BLOCK_IMPORT_EXAMPLE[c]).join(',');
    const res = await send(w.a.userId, `${BLOCK_IMPORT_COLUMNS.join(',')}\n${example}`);
    expect(res.statusCode, res.body).toBe(200);
    // the example's PUC is none of this organisation's: only the lookup refuses it
    expect(res.json().lines[0].problems.map((p: { reason: string }) => p.reason)).toEqual(['block-import-unknown-puc']);
  });

  it("a user limited to farm F2 cannot import into F1's PUCs (unknown PUC), nor can a member without the permission", async () => {
    const limited = await memberWith(t, w.a.organizationId, 'import-f2-only', [PERMISSIONS.managementFarmSetup], [w.farm.f2]);
    const res = await send(limited, [HEADER, 'C10,B77,Hidden,1,Navel,2012', 'C1,B77,Visible,1,Navel,2012'].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { status: string }) => l.status)).toEqual(['refused', 'created']);
    expect(res.json().lines[0].problems[0].reason).toBe('block-import-unknown-puc');
    const without = await memberWith(t, w.a.organizationId, 'import-none', [PERMISSIONS.harvestReports], [w.farm.f1, w.farm.f2]);
    expect((await send(without, [HEADER, 'C1,B78,X,1,Navel,2012'].join('\n'))).statusCode).toBe(403);
  });
});
