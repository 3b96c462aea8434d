import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES } from '@orchard/shared/farm-setup';
import { FIELD_CAPTURE_MESSAGES, TRAP_MESSAGES, TRAPS_PATHS } from '@orchard/shared/field-capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers/app';
import { detailPairs, openFieldWorld, requestsIn, type FieldWorld } from '../../../test/helpers/field-world';
import { memberWith } from '../../../test/helpers/harvest-world';
import { runTenantCase } from '../../../test/helpers/tenant-matrix';
import { trapInspections, traps } from '../../db/schema/index';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const P = TRAPS_PATHS;
const trapUrl = (id: number) => P.trap.replace(':id', String(id));
const inspectionUrl = (id: number) => P.inspection.replace(':id', String(id));

describe('traps and inspections', () => {
  let t: TestApp;
  let w: FieldWorld;
  const { as, asA } = requestsIn(() => t, () => w);
  const issues = detailPairs;
  const trap = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    farmBlockId: w.block.a1,
    trapType: 'delta',
    lure: 'fcm-pheromone',
    code: 'T1',
    lat: -32.52,
    lng: 19.01,
    activeFrom: '2026-02-01',
    activeTo: null,
    ...extra,
  });
  const inspection = (trapId: number, extra: Record<string, unknown> = {}) => ({ clientId: randomUUID(), trapId, inspectedOn: '2026-03-01', count: 3, ...extra });

  beforeAll(async () => ({ t, w } = await openFieldWorld(NOW)));
  afterAll(() => t.close());

  it('places a trap once and inspects it once, within its active days', async () => {
    const payload = trap();
    const placed = await asA({ method: 'POST', url: P.traps, payload });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ trapType: 'delta', lure: 'fcm-pheromone', code: 'T1', lat: -32.52, lng: 19.01, activeFrom: '2026-02-01', activeTo: null, lastInspectedOn: null, version: 1 });
    expect((await asA({ method: 'POST', url: P.traps, payload })).statusCode).toBe(200);
    const trapId = placed.json().id;
    const first = inspection(trapId, { note: 'moths on the floor' });
    const inspected = await asA({ method: 'POST', url: P.inspections, payload: first });
    expect(inspected.statusCode, inspected.body).toBe(201);
    expect(inspected.json()).toMatchObject({ trapId, trapCode: 'T1', farmBlockId: w.block.a1, inspectedOn: '2026-03-01', count: 3, note: 'moths on the floor' });
    expect((await asA({ method: 'POST', url: P.inspections, payload: first })).json().id).toBe(inspected.json().id);
    expect(await t.db.select().from(trapInspections)).toHaveLength(1);
    const listed = (await asA({ method: 'GET', url: `${P.traps}?from=2026-03-01&to=2026-03-05` })).json();
    expect(listed.rows).toEqual([expect.objectContaining({ id: trapId, lastInspectedOn: '2026-03-01' })]);
    const byTrap = (await asA({ method: 'GET', url: `${P.inspections}?trapId=${trapId}` })).json();
    expect(byTrap.totalRecords).toBe(1);

    // active days must keep the inspections; a trap with inspections stays
    const narrowed = await asA({ method: 'PUT', url: trapUrl(trapId), payload: { ...trap({ activeFrom: '2026-03-02' }), clientId: undefined, version: 1 } });
    expect(issues(narrowed)).toEqual([['activeFrom', TRAP_MESSAGES.inspectionsOutside]]);
    const takenDown = await asA({ method: 'PUT', url: trapUrl(trapId), payload: { ...trap({ activeTo: '2026-03-05' }), clientId: undefined, version: 1 } });
    expect(takenDown.json()).toMatchObject({ activeTo: '2026-03-05', version: 2 });
    const late = await asA({ method: 'POST', url: P.inspections, payload: inspection(trapId, { inspectedOn: '2026-03-06' }) });
    expect(issues(late)).toEqual([['inspectedOn', TRAP_MESSAGES.inspectionOutsideActive]]);
    const early = await asA({ method: 'POST', url: P.inspections, payload: inspection(trapId, { inspectedOn: '2026-01-31' }) });
    expect(issues(early)).toEqual([['inspectedOn', TRAP_MESSAGES.inspectionOutsideActive]]);
    const refused = await asA({ method: 'DELETE', url: trapUrl(trapId) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ message: TRAP_MESSAGES.trapInUse, reason: 'trap-in-use' });

    const edited = await asA({ method: 'PUT', url: inspectionUrl(inspected.json().id), payload: { inspectedOn: '2026-03-02', count: 5, version: 1 } });
    expect(edited.json()).toMatchObject({ inspectedOn: '2026-03-02', count: 5, note: null, version: 2 });
    expect((await asA({ method: 'PUT', url: inspectionUrl(inspected.json().id), payload: { inspectedOn: '2026-03-02', count: 6, version: 1 } })).statusCode).toBe(412);
    expect((await asA({ method: 'DELETE', url: inspectionUrl(inspected.json().id) })).statusCode).toBe(204);
    expect((await asA({ method: 'DELETE', url: trapUrl(trapId) })).statusCode).toBe(204);
  });

  it('answers every field with its message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ trapType: 'net' }, 'trapType', TRAP_MESSAGES.typeUnknown],
      [{ lure: 'cheese' }, 'lure', TRAP_MESSAGES.lureUnknown],
      [{ code: 'x'.repeat(21) }, 'code', TRAP_MESSAGES.codeLength],
      [{ lat: undefined }, 'lat', TRAP_MESSAGES.latitudeRequired],
      [{ lng: null }, 'lng', TRAP_MESSAGES.longitudeRequired],
      [{ lat: -90.5 }, 'lat', FARM_SETUP_MESSAGES.latitudeRange],
      [{ lng: 180.5 }, 'lng', FARM_SETUP_MESSAGES.longitudeRange],
      [{ activeFrom: undefined }, 'activeFrom', TRAP_MESSAGES.activeFromRequired],
      [{ activeFrom: '2026-13-01' }, 'activeFrom', FIELD_CAPTURE_MESSAGES.dayInvalid],
      [{ activeTo: '2026-01-31' }, 'activeTo', TRAP_MESSAGES.activeToBeforeFrom],
      [{ activeFrom: '2026-03-12' }, 'activeFrom', FIELD_CAPTURE_MESSAGES.dayInFuture],
    ];
    for (const [extra, field, message] of cases) {
      const res = await asA({ method: 'POST', url: P.traps, payload: trap(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    expect(await t.db.select().from(traps)).toEqual([]);
    const trapId = (await asA({ method: 'POST', url: P.traps, payload: trap({ activeTo: '2026-12-31' }) })).json().id;
    const inspectionCases: [Record<string, unknown>, string, string][] = [
      [{ trapId: 'T1' }, 'trapId', TRAP_MESSAGES.trapRequired],
      [{ count: -1 }, 'count', TRAP_MESSAGES.countRange],
      [{ count: 2.5 }, 'count', TRAP_MESSAGES.countRange],
      [{ count: 100_001 }, 'count', TRAP_MESSAGES.countRange],
      [{ inspectedOn: '2026-03-12' }, 'inspectedOn', FIELD_CAPTURE_MESSAGES.dayInFuture],
    ];
    for (const [extra, field, message] of inspectionCases) {
      const res = await asA({ method: 'POST', url: P.inspections, payload: inspection(trapId, extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(issues(res)).toContainEqual([field, message]);
    }
    expect(await t.db.select().from(trapInspections)).toEqual([]);
  });

  it("keeps A's traps from B, from members without the farm, and from members without the permissions", async () => {
    const trapId = (await asA({ method: 'POST', url: P.traps, payload: trap() })).json().id;
    await runTenantCase(t, w, { name: 'inspect', request: () => ({ method: 'POST', url: P.inspections, payload: inspection(trapId) }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'move', request: () => ({ method: 'PUT', url: trapUrl(trapId), payload: { ...trap({ farmBlockId: w.block.b1 }), clientId: undefined, version: 1 } }), expect: 'not-found' });
    await runTenantCase(t, w, { name: 'trap filter', request: () => ({ method: 'GET', url: `${P.inspections}?trapId=${trapId}` }), expect: 'not-found' });
    const f2Only = await memberWith(t, w.a.organizationId, 'trapper-f2', [PERMISSIONS.trapsView, PERMISSIONS.trapsCapture], [w.farm.f2]);
    expect((await as(f2Only, w.a.organizationId, { method: 'POST', url: P.inspections, payload: inspection(trapId) })).statusCode).toBe(404);
    expect((await as(f2Only, w.a.organizationId, { method: 'GET', url: P.traps })).json().totalRecords).toBe(0);
    const viewer = await memberWith(t, w.a.organizationId, 'trap-viewer', [PERMISSIONS.trapsView], [w.farm.f1]);
    expect((await as(viewer, w.a.organizationId, { method: 'POST', url: P.traps, payload: trap() })).statusCode).toBe(403);
    expect((await as(viewer, w.a.organizationId, { method: 'GET', url: P.traps })).json().totalRecords).toBeGreaterThan(0);
  });
});
