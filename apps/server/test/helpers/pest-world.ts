/**
 * Known readings for the pest dashboard tests, on the field world (test/helpers/field-world.ts),
 * "today" being PEST_TODAY (Monday 30 June 2025, South Africa); the window is 20 to 30 June.
 * With the default thresholds (red scale 10 %, mealybug 10 %, soft scale 10 %, fruit fly 5 %,
 * aphids 25 %; delta trap false codling moth 10, McPhail fruit fly 6; scouting every 14 days):
 * - A1 (F1): session s1 on 25 June visits 100 points: red scale at 10 (10 %: over, at the
 *   threshold), mealybug at 8 (8 %: near, at 80 % of it), soft scale at 7 (7 %: below, just under
 *   near), fruit fly at 6 (6 %: over, above it); session s0 at 23:30 on 19 June (the day before the
 *   window) found red scale everywhere and counts for nothing but the last scouting day.
 * - A2 (F1): session s2 on 27 June recorded no observation point.
 * - D1 (F2): last scouted 16 June (14 days: due today, on time); D2: 15 June (15 days: overdue);
 *   D3: never; D4: session s5 at 00:10 today, 4 points, aphids at 1 (25 %: over, at the threshold).
 * - X1 (F3, assigned to nobody) and B1 (organisation B): everything infested, traps full.
 * - traps: t1 on A1 (delta, FCM lure): 3 on 21 June, 10 on 26 June, 15 on 29 June (over since the
 *   26th: 5 days); t2 on A2 (McPhail, capilure): 5 on 29 June (near); t3 on D1 (delta, FCM), taken
 *   down on 28 June: 40 on 27 June (charted, not over now); t4 on X1 and t5 on B1: 99.
 */
import { randomUUID } from 'node:crypto';
import { instantOn } from '@orchard/shared/core';
import type { AppDb } from '../../src/db/client';
import { farmBlocks, scoutingObservations, scoutingSessions, trapInspections, traps } from '../../src/db/schema/index';
import type { TestApp } from './app';
import { createFieldWorld, type FieldWorld } from './field-world';

export const PEST_TODAY = new Date('2025-06-30T08:00:00+02:00');

export interface PestWorld extends FieldWorld {
  blocks: { d2: number; d3: number; d4: number };
  sessions: Record<'s0' | 's1' | 's2' | 's3' | 's4' | 's5' | 's6', number>;
  traps: Record<'t1' | 't2' | 't3' | 't4', number>;
}

type Observation = { pointNumber: number; pest: string; count?: number; present?: boolean };

export async function createPestWorld(t: TestApp): Promise<PestWorld> {
  const w = await createFieldWorld(t);
  const db: AppDb = t.db;
  const A = w.a.organizationId;
  const B = w.b.organizationId;
  const [{ varietyId }] = (await db.select({ varietyId: farmBlocks.varietyId }).from(farmBlocks).limit(1)) as [{ varietyId: number }];
  const extra = await db
    .insert(farmBlocks)
    .values(['D2', 'D3', 'D4'].map((name) => ({ organizationId: A, farmId: w.farm.f2, name, ha: 1, varietyId })))
    .returning();
  const [d2, d3, d4] = extra.map((b) => b.id) as [number, number, number];

  const session = async (organizationId: number, farmBlockId: number, day: string, time: string, observations: Observation[] = []) => {
    const startedAt = instantOn(day, time);
    const [row] = await db
      .insert(scoutingSessions)
      .values({ organizationId, farmBlockId, scoutUserId: organizationId === A ? w.a.userId : w.b.userId, startedAt, endedAt: new Date(startedAt.getTime() + 1_800_000) })
      .returning();
    if (observations.length > 0) {
      await db.insert(scoutingObservations).values(observations.map((o) => ({ sessionId: row!.id, pointNumber: o.pointNumber, pest: o.pest, count: o.count ?? null, present: o.present ?? null })));
    }
    return row!.id;
  };
  const points = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const found = (pest: string, upTo: number): Observation[] => points(upTo).map((p) => ({ pointNumber: p, pest, count: 2 }));

  const s0 = await session(A, w.block.a1, '2025-06-19', '23:30', points(100).map((p) => ({ pointNumber: p, pest: 'red-scale', count: 5 })));
  const s1 = await session(A, w.block.a1, '2025-06-25', '09:00', [
    ...points(100).map((p) => ({ pointNumber: p, pest: 'red-scale', count: p <= 10 ? 1 : 0 })),
    ...found('mealybug', 8),
    ...found('soft-scale', 7),
    ...found('fruit-fly', 6),
  ]);
  const s2 = await session(A, w.block.a2, '2025-06-27', '10:00');
  const s3 = await session(A, w.block.d1, '2025-06-16', '10:00');
  const s4 = await session(A, d2, '2025-06-15', '10:00');
  const s5 = await session(A, d4, '2025-06-30', '00:10', [...points(4).map((p) => ({ pointNumber: p, pest: 'aphids', count: p === 1 ? 9 : 0 }))]);
  const s6 = await session(A, w.block.x1, '2025-06-29', '10:00', found('red-scale', 10));
  await session(B, w.block.b1, '2025-06-29', '10:00', found('red-scale', 10));

  const trap = async (organizationId: number, farmBlockId: number, trapType: string, lure: string, counts: [string, number][], activeTo: string | null = null) => {
    const [row] = await db
      .insert(traps)
      .values({ organizationId, clientId: randomUUID(), farmBlockId, trapType, lure, code: `${trapType}-${farmBlockId}`, lat: -32.6, lng: 19.01, activeFrom: '2025-06-01', activeTo })
      .returning();
    if (counts.length > 0) {
      await db.insert(trapInspections).values(counts.map(([inspectedOn, count]) => ({ organizationId, clientId: randomUUID(), trapId: row!.id, inspectedOn, count })));
    }
    return row!.id;
  };
  const t1 = await trap(A, w.block.a1, 'delta', 'fcm-pheromone', [
    ['2025-06-21', 3],
    ['2025-06-26', 10],
    ['2025-06-29', 15],
  ]);
  const t2 = await trap(A, w.block.a2, 'mcphail', 'capilure', [['2025-06-29', 5]]);
  const t3 = await trap(A, w.block.d1, 'delta', 'fcm-pheromone', [['2025-06-27', 40]], '2025-06-28');
  const t4 = await trap(A, w.block.x1, 'delta', 'fcm-pheromone', [['2025-06-29', 99]]);
  await trap(B, w.block.b1, 'delta', 'fcm-pheromone', [['2025-06-29', 99]]);

  return { ...w, blocks: { d2, d3, d4 }, sessions: { s0, s1, s2, s3, s4, s5, s6 }, traps: { t1, t2, t3, t4 } };
}
