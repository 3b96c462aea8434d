import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@orchard/shared/core';
import { FIELD_CAPTURE_MESSAGES, IRRIGATION_MESSAGES, IRRIGATION_PATHS, waterAmountMessage } from '@orchard/shared/field-capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app';
import { detailPairs, openFieldWorld, requestsIn, type FieldWorld } from '../../../test/helpers/field-world';
import { memberWith } from '../../../test/helpers/harvest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { tensiometerReadings, waterApplied } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const P = IRRIGATION_PATHS;

describe('irrigation readings', () => {
  let t: TestApp;
  let w: FieldWorld;
  const { as, asA } = requestsIn(() => t, () => w);
  const issues = detailPairs;
  const tensio = (extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), farmBlockId: w.block.a1, station: 'S1', depthCm: 30, kpa: 18.5, readOn: '2026-03-10', ...extra });
  const water = (extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), farmBlockId: w.block.a1, appliedOn: '2026-03-10', amount: 12.5, unit: 'mm', ...extra });

  beforeAll(async () => ({ t, w } = await openFieldWorld(NOW)));
  afterAll(() => t.close());

  it('captures a tensiometer reading once, edits it with its version and deletes it', async () => {
    const payload = tensio();
    const first = await asA({ method: 'POST', url: P.tensiometerReadings, payload: { ...payload, station: '  S1 ' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ station: 'S1', depthCm: 30, kpa: 18.5, readOn: '2026-03-10', farmBlockId: w.block.a1, version: 1 });
    const again = await asA({ method: 'POST', url: P.tensiometerReadings, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const url = P.tensiometerReading.replace(':id', String(first.json().id));
    const edited = await asA({ method: 'PUT', url, payload: { farmBlockId: w.block.a2, station: 'S2', depthCm: 60, kpa: 0, readOn: '2026-03-09', version: 1 } });
    expect(edited.json()).toMatchObject({ station: 'S2', depthCm: 60, kpa: 0, farmBlockId: w.block.a2, version: 2 });
    expect((await asA({ method: 'PUT', url, payload: { farmBlockId: w.block.a2, station: 'S2', depthCm: 60, kpa: 1, readOn: '2026-03-09', version: 1 } })).statusCode).toBe(412);
    expect((await asA({ method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('answers every tensiometer field with its message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ station: ' ' }, 'station', IRRIGATION_MESSAGES.stationRequired],
      [{ station: 'x'.repeat(21) }, 'station', IRRIGATION_MESSAGES.stationLength],
      [{ depthCm: 4 }, 'depthCm', IRRIGATION_MESSAGES.depthRange],
      [{ depthCm: 30.5 }, 'depthCm', IRRIGATION_MESSAGES.depthRange],
      [{ depthCm: 201 }, 'depthCm', IRRIGATION_MESSAGES.depthRange],
      [{ kpa: -0.1 }, 'kpa', IRRIGATION_MESSAGES.kpaRange],
      [{ kpa: 100.1 }, 'kpa', IRRIGATION_MESSAGES.kpaRange],
      [{ kpa: 18.55 }, 'kpa', IRRIGATION_MESSAGES.kpaRange],
      [{ readOn: '10/03/2026' }, 'readOn', FIELD_CAPTURE_MESSAGES.dayInvalid],
      [{ farmBlockId: 'A1' }, 'farmBlockId', FIELD_CAPTURE_MESSAGES.blockRequired],
    ];
    for (const [extra, field, message] of cases) {
      const res = await asA({ method: 'POST', url: P.tensiometerReadings, payload: tensio(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    const future = await asA({ method: 'POST', url: P.tensiometerReadings, payload: tensio({ readOn: '2026-03-12' }) });
    expect(issues(future)).toEqual([['readOn', FIELD_CAPTURE_MESSAGES.dayInFuture]]);
    expect(await t.db.select().from(tensiometerReadings)).toEqual([]);
  });

  it('captures water applied in mm or m3, each unit with its own limit', async () => {
    const mm = await asA({ method: 'POST', url: P.waterApplied, payload: water({ amount: 500 }) });
    expect(mm.statusCode, mm.body).toBe(201);
    expect(mm.json()).toMatchObject({ amount: 500, unit: 'mm', appliedOn: '2026-03-10', version: 1 });
    const m3 = await asA({ method: 'POST', url: P.waterApplied, payload: water({ amount: 2500.25, unit: 'm3' }) });
    expect(m3.json()).toMatchObject({ amount: 2500.25, unit: 'm3' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 500.01 }, 'amount', waterAmountMessage('mm')],
      [{ amount: 0 }, 'amount', waterAmountMessage('mm')],
      [{ amount: 1.005 }, 'amount', waterAmountMessage('mm')],
      [{ amount: 100_000.5, unit: 'm3' }, 'amount', waterAmountMessage('m3')],
      [{ unit: 'litre' }, 'unit', IRRIGATION_MESSAGES.unitUnknown],
      [{ appliedOn: '2026-03-12' }, 'appliedOn', FIELD_CAPTURE_MESSAGES.dayInFuture],
    ];
    for (const [extra, field, message] of cases) {
      const res = await asA({ method: 'POST', url: P.waterApplied, payload: water(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    expect(await t.db.select().from(waterApplied)).toHaveLength(2);
    const page = (await asA({ method: 'GET', url: `${P.waterApplied}?farmId=${w.farm.f1}&from=2026-03-10&to=2026-03-10` })).json();
    expect(page.totalRecords).toBe(2);
    const url = P.waterAppliedRecord.replace(':id', String(m3.json().id));
    expect((await asA({ method: 'PUT', url, payload: { farmBlockId: w.block.a1, appliedOn: '2026-03-10', amount: 600, unit: 'mm', version: 1 } })).statusCode).toBe(400);
    const edited = await asA({ method: 'PUT', url, payload: { farmBlockId: w.block.a1, appliedOn: '2026-03-10', amount: 600, unit: 'm3', version: 1 } });
    expect(edited.json()).toMatchObject({ amount: 600, version: 2 });
  });

  it("keeps A's readings from B (404 by id, block and farm filter; nothing listed)", async () => {
    const reading = (await asA({ method: 'POST', url: P.tensiometerReadings, payload: tensio() })).json();
    const url = P.tensiometerReading.replace(':id', String(reading.id));
    await runTenantCase(t, w, { name: 'edit', request: () => ({ method: 'PUT', url, payload: { farmBlockId: w.block.b1, station: 'S', depthCm: 30, kpa: 1, readOn: '2026-03-01', version: 1 } }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'delete', request: () => ({ method: 'DELETE', url }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'capture on A', request: () => ({ method: 'POST', url: P.waterApplied, payload: water() }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'block filter', request: () => ({ method: 'GET', url: `${P.tensiometerReadings}?blockId=${w.block.a1}` }), expect: 'not-found' });
    const list = await runTenantCase(t, w, { name: 'list', request: () => ({ method: 'GET', url: P.tensiometerReadings }), expect: 'no-leak' });
    expect(list.json().rows).toEqual([]);
    expect((await asA({ method: 'GET', url: `${P.tensiometerReadings}?blockId=${w.block.a1}` })).json().rows.map((r: { id: number }) => r.id)).toContain(reading.id);
  });

  it('tensiometer readings need reports.tensio, water applied water.view, capture irrigation.capture', async () => {
    const tensioReader = await memberWith(t, w.a.organizationId, 'tensio-reader', [PERMISSIONS.reportsTensio], [w.farm.f1]);
    expect((await as(tensioReader, w.a.organizationId, { method: 'GET', url: P.tensiometerReadings })).statusCode).toBe(200);
    expect((await as(tensioReader, w.a.organizationId, { method: 'GET', url: P.waterApplied })).statusCode).toBe(403);
    expect((await as(tensioReader, w.a.organizationId, { method: 'POST', url: P.tensiometerReadings, payload: tensio() })).statusCode).toBe(403);
    const capturer = await memberWith(t, w.a.organizationId, 'irrigation-capturer', [PERMISSIONS.irrigationCapture], [w.farm.f1]);
    expect((await as(capturer, w.a.organizationId, { method: 'POST', url: P.waterApplied, payload: water() })).statusCode).toBe(201);
    expect((await as(capturer, w.a.organizationId, { method: 'GET', url: P.waterApplied })).statusCode).toBe(403);
  });
});
