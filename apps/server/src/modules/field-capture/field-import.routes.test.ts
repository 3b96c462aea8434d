import { PERMISSIONS, csvImportAnswerSchema } from '@orchard/shared/core';
import {
  FIELD_IMPORT_KINDS,
  FIELD_IMPORT_MAX_BYTES,
  FIELD_IMPORT_MAX_ROWS,
  FIELD_IMPORT_MESSAGES as M,
  FIELD_CAPTURE_MESSAGES,
  IRRIGATION_MESSAGES,
  SCOUTING_MESSAGES,
  TRAPS_PATHS,
  TRAP_MESSAGES,
  type FieldImportKind,
} from '@orchard/shared/field-capture';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createFieldWorld, type FieldWorld } from '../../../test/helpers/field-world';
import { memberWith, multipartFile } from '../../../test/helpers/harvest-world';
import { fixedClock } from '../../../test/helpers/picking-world';
import { phenologyObservations, scoutingObservations, scoutingSessions, tensiometerReadings, trapInspections, traps, waterApplied } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
type Line = { line: number; status: string; problems: { field: string; message: string }[] };

describe('field capture CSV import', () => {
  let t: TestApp;
  let w: FieldWorld;
  let f1: string;
  const send = async (kind: FieldImportKind, csv: string | Buffer, mode: 'preview' | 'commit' = 'preview', userId = w.a.userId) => {
    const { payload, headers } = multipartFile(csv, 'captures.csv');
    const options: InjectOptions = { method: 'POST', url: `${FIELD_IMPORT_KINDS[kind].path}?mode=${mode}`, payload, headers: { ...headers, ...(await t.headersFor(userId, w.a.organizationId)) } };
    return t.app.inject(options);
  };
  const linesOf = (res: LightMyRequestResponse) => (res.json().lines as Line[]).map((l) => [l.line, l.status, l.problems.map((p) => [p.field, p.message])]);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    w = await createFieldWorld(t);
    f1 = `Kransvlei ${w.a.canary}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const tensioFile = () =>
    [
      'Farm,Block,Station,Depth_cm,kPa,Read_On',
      'Aardvark,d1,S1,30,18.5,2026-03-10', // names in any case
      `${f1},A2,S2,60,0,2026-03-09`,
      'B Farm,B1,S1,30,10,2026-03-10', // another organisation's block
      'Unassigned,X1,S1,30,10,2026-03-10', // a farm not assigned to the caller
      'Aardvark,D1,=cmd(),30,10,2026-03-10', // formula cell
      'Aardvark,D1,S3,30,18.55,2026-03-12', // too precise, and in the future
      'Aardvark,D1,S4,thirty,10,2026-03-10',
    ].join('\r\n');

  it('previews each line with what it would do and its problems, by the capture form rules, and writes nothing', async () => {
    const res = await send('tensiometerReadings', tensioFile());
    expect(res.statusCode, res.body).toBe(200);
    // the answer of every CSV import, and nothing more
    expect(csvImportAnswerSchema.strict().parse(res.json())).toMatchObject({ committed: false, created: 2, changed: 0, unchanged: 0, existing: 0, refused: 5 });
    expect(linesOf(res)).toEqual([
      [2, 'created', []],
      [3, 'created', []],
      [4, 'refused', [['block', M.unknownBlock]]],
      [5, 'refused', [['block', M.unknownBlock]]],
      [6, 'refused', [['station', M.formula]]],
      [7, 'refused', [['kpa', IRRIGATION_MESSAGES.kpaRange]]],
      [8, 'refused', [['depth_cm', IRRIGATION_MESSAGES.depthRange]]],
    ]);
    // each line's cells by the kind's columns, as read
    expect(res.json().lines[2]).toMatchObject({ cells: { farm: 'B Farm', block: 'B1', station: 'S1', depth_cm: '30', kpa: '10', read_on: '2026-03-10' }, id: null });
    expect(res.json().lines[2].problems).toEqual([{ field: 'block', message: M.unknownBlock, reason: 'field-import-unknown-block' }]);
    expect(res.body).not.toContain('B1 ');
    expect(await t.db.select().from(tensiometerReadings)).toEqual([]);
  });

  it('writes nothing when any line is refused, and names the lines', async () => {
    const res = await send('tensiometerReadings', tensioFile(), 'commit');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: M.hasErrors, reason: 'field-import-has-errors' });
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['line 4: block', 'line 5: block', 'line 6: station', 'line 7: kpa', 'line 8: depth_cm']);
    expect(await t.db.select().from(tensiometerReadings)).toEqual([]);
  });

  it('checks a day after today as the create route does', async () => {
    const res = await send('tensiometerReadings', 'farm,block,station,depth_cm,kpa,read_on\nAardvark,D1,S3,30,18.5,2026-03-12');
    expect(linesOf(res)).toEqual([[2, 'refused', [['read_on', FIELD_CAPTURE_MESSAGES.dayInFuture]]]]);
  });

  it('imports all lines at once; the same lines again find the stored captures, and a line twice in a file is refused', async () => {
    const file = ['farm,block,station,depth_cm,kpa,read_on', 'Aardvark,D1,S1,30,18.5,2026-03-10', `${f1},A2,S2,60,0,2026-03-09`].join('\n');
    const res = await send('tensiometerReadings', file, 'commit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ committed: true, created: 2, existing: 0, refused: 0 });
    const stored = await t.db.select().from(tensiometerReadings);
    expect(stored.map((r) => [r.farmBlockId, r.station, r.depthCm, r.kpa, r.readOn, r.capturedByUserId]).sort()).toEqual(
      [
        [w.block.a2, 'S2', 60, 0, '2026-03-09', w.a.userId],
        [w.block.d1, 'S1', 30, 18.5, '2026-03-10', w.a.userId],
      ].sort(),
    );
    expect(res.json().lines.map((l: { id: number }) => l.id).sort()).toEqual(stored.map((r) => r.id).sort());

    const again = await send('tensiometerReadings', `${file}\nAardvark,D1,S9,30,1,2026-03-10`, 'commit');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ created: 1, existing: 2, refused: 0 });
    expect(await t.db.select().from(tensiometerReadings)).toHaveLength(3);

    const twice = await send('tensiometerReadings', `${file}\nAardvark,D1,S1,30,18.5,2026-03-10`);
    expect(linesOf(twice)[2]).toEqual([4, 'refused', [['line', M.duplicate]]]);
  });

  it('groups scouting lines into sessions and refuses a whole session for one bad line', async () => {
    const header = 'farm,block,started_at,ended_at,point,pest,count,present,note';
    const session = `Aardvark,D1,2026-03-10 07:30,2026-03-10 09:00`;
    const other = `${f1},A2,2026-03-10 10:00,2026-03-10 11:00`;
    const file = [header, `${session},1,red-scale,3,,`, `${session},1,Citrus psylla,,yes,leaves curled`, `${other},13,mealybug,2,,`, `${other},2,aphids,1,,`].join('\n');
    const preview = await send('scouting', file);
    expect(linesOf(preview)).toEqual([
      [2, 'created', []],
      [3, 'created', []],
      [4, 'refused', [['point', SCOUTING_MESSAGES.pointAboveFarmMax(12)]]],
      [5, 'refused', [['line', M.sessionRefused]]],
    ]);
    const mixed = await send('scouting', [header, `${session},1,red-scale,,yes,`, `${session},2,citrus-psylla,4,,`].join('\n'));
    expect(linesOf(mixed)).toEqual([
      [2, 'refused', [['count', SCOUTING_MESSAGES.countRequired], ['present', SCOUTING_MESSAGES.presenceNotTaken]]],
      [3, 'refused', [['present', SCOUTING_MESSAGES.presenceRequired], ['count', SCOUTING_MESSAGES.countNotTaken]]],
    ]);
    const res = await send('scouting', file.replace(`${other},13,`, `${other},3,`), 'commit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 4, refused: 0 });
    const sessions = await t.db.select().from(scoutingSessions);
    expect(sessions).toHaveLength(2);
    const first = sessions.find((s) => s.farmBlockId === w.block.d1)!;
    expect(first.startedAt.toISOString()).toBe('2026-03-10T05:30:00.000Z');
    const observations = await t.db.select().from(scoutingObservations).where(eq(scoutingObservations.sessionId, first.id));
    expect(observations.map((o) => [o.pointNumber, o.pest, o.count, o.present, o.note]).sort()).toEqual([
      [1, 'citrus-psylla', null, true, 'leaves curled'],
      [1, 'red-scale', 3, null, null],
    ]);
    // the same observations in another order are the same sessions
    const reordered = [header, `${session},1,Citrus psylla,,yes,leaves curled`, `${session},1,red-scale,3,,`].join('\n');
    expect((await send('scouting', reordered)).json()).toMatchObject({ created: 0, existing: 2 });
  });

  it('imports traps (negative coordinates are numbers, not formulas) and inspections naming a trap by code', async () => {
    const trapFile = ['farm,block,trap_type,lure,code,lat,lng,active_from,active_to', 'Aardvark,D1,Delta trap,fcm-pheromone,T1,-32.61,19.01,2026-03-01,', 'Aardvark,D1,delta,none,T1,-32.62,19.02,2026-03-01,'].join('\n');
    const placed = await send('traps', trapFile.split('\n').slice(0, 2).join('\n'), 'commit');
    expect(placed.statusCode, placed.body).toBe(201);
    const [trap] = await t.db.select().from(traps);
    expect(trap).toMatchObject({ trapType: 'delta', lure: 'fcm-pheromone', code: 'T1', lat: -32.61, activeTo: null });

    const header = 'farm,block,trap,inspected_on,count,note';
    const res = await send('trapInspections', [header, 'Aardvark,D1,t1,2026-03-08,4,', 'Aardvark,D1,T9,2026-03-08,4,', 'Aardvark,D1,T1,2026-02-20,4,', 'Aardvark,D1,T1,2026-03-09,-1,'].join('\n'));
    expect(linesOf(res)).toEqual([
      [2, 'created', []],
      [3, 'refused', [['trap', M.unknownTrap]]],
      [4, 'refused', [['inspected_on', TRAP_MESSAGES.inspectionOutsideActive]]],
      [5, 'refused', [['count', TRAP_MESSAGES.countRange]]],
    ]);
    // a second trap with the same code makes the code ambiguous
    await t.app.inject({
      method: 'POST',
      url: TRAPS_PATHS.traps,
      payload: { clientId: randomUUID(), farmBlockId: w.block.d1, trapType: 'delta', lure: 'none', code: 'T1', lat: -32, lng: 19, activeFrom: '2026-03-01' },
      headers: await t.headersFor(w.a.userId, w.a.organizationId),
    });
    expect(linesOf(await send('trapInspections', [header, 'Aardvark,D1,T1,2026-03-08,4,'].join('\n')))).toEqual([[2, 'refused', [['trap', M.ambiguousTrap]]]]);
    expect(await t.db.select().from(trapInspections)).toEqual([]);
  });

  it('imports water applied and phenology observations with their own rules', async () => {
    const water = await send('waterApplied', ['farm,block,applied_on,amount,unit', 'Aardvark,D1,2026-03-10,12.5,mm', 'Aardvark,D1,2026-03-10,600,mm'].join('\n'));
    expect(linesOf(water)[1]).toEqual([3, 'refused', [['amount', IRRIGATION_MESSAGES.amountRange('mm', 500)]]]);
    const ok = await send('waterApplied', ['farm,block,applied_on,amount,unit', 'Aardvark,D1,2026-03-10,12.5,MM'].join('\n'), 'commit');
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await t.db.select().from(waterApplied)).map((r) => [r.amount, r.unit])).toEqual([[12.5, 'mm']]);
    const pheno = await send('phenology', ['farm,block,observed_on,stage,percent_of_trees', 'Aardvark,D1,2026-03-10,Flowering,40', 'Aardvark,D1,2026-03-10,sprouting,40'].join('\n'), 'commit');
    expect(pheno.statusCode).toBe(400);
    const good = await send('phenology', ['farm,block,observed_on,stage,percent_of_trees', 'Aardvark,D1,2026-03-10,Flowering,40'].join('\n'), 'commit');
    expect(good.statusCode, good.body).toBe(201);
    expect((await t.db.select().from(phenologyObservations)).map((r) => [r.stage, r.percentOfTrees])).toEqual([['flowering', 40]]);
  });

  it('needs the capture permission of the kind', async () => {
    const viewer = await memberWith(t, w.a.organizationId, 'import-viewer', [PERMISSIONS.reportsTensio, PERMISSIONS.phenologyCapture], [w.farm.f2]);
    const file = 'farm,block,station,depth_cm,kpa,read_on\nAardvark,D1,S1,30,18.5,2026-03-10';
    expect((await send('tensiometerReadings', file, 'preview', viewer)).statusCode).toBe(403);
    expect((await send('tensiometerReadings', file, 'commit', viewer)).statusCode).toBe(403);
    const capturer = await memberWith(t, w.a.organizationId, 'import-capturer', [PERMISSIONS.irrigationCapture], [w.farm.f2]);
    const res = await send('tensiometerReadings', `${file}\n${f1},A2,S1,30,1,2026-03-10`, 'preview', capturer);
    expect(res.statusCode).toBe(200);
    // F1 is not assigned to this member: its block is unknown to them
    expect(linesOf(res)).toEqual([
      [2, 'existing', []],
      [3, 'refused', [['block', M.unknownBlock]]],
    ]);
  });

  it('refuses a file that is too large, too long, not CSV, without a column, or missing', async () => {
    const big = await send('phenology', Buffer.alloc(FIELD_IMPORT_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    const long = ['farm,block,observed_on,stage,percent_of_trees', ...Array.from({ length: FIELD_IMPORT_MAX_ROWS + 1 }, () => 'Aardvark,D1,2026-03-10,flowering,40')].join('\n');
    expect((await send('phenology', long)).json().error.message).toBe(M.tooManyRows);
    expect((await send('phenology', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]))).json().error.message).toBe(M.notCsv);
    expect((await send('phenology', 'farm,block,observed_on,stage\nAardvark,D1,2026-03-10,flowering')).json().error).toMatchObject({ message: M.missingColumn('percent_of_trees') });
    expect((await send('phenology', 'farm,block,observed_on,stage,percent_of_trees\n')).json().error.message).toBe(M.empty);
    const noFile = await t.app.inject({ method: 'POST', url: FIELD_IMPORT_KINDS.phenology.path, headers: await t.headersFor(w.a.userId, w.a.organizationId) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(M.noFile);
    const json = await t.app.inject({ method: 'POST', url: FIELD_IMPORT_KINDS.phenology.path, payload: {}, headers: await t.headersFor(w.a.userId, w.a.organizationId) });
    expect(json.statusCode).toBe(415);
  });
});
