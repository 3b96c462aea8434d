import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countInfection,
  infectionFigures as infectionOfCounts,
  pestDashboardWindow,
  scoutingFrequencyFigures,
  scoutingStatus,
  thresholdStatus,
  windowDays,
  type DashboardBlock,
  type WindowObservation,
  type WindowSession,
} from './figures.js';

const block = (blockId: number, blockName: string, farmId = 1, farmName = 'Kransvlei'): DashboardBlock => ({ farmId, farmName, blockId, blockName });
const session = (sessionId: number, blockId: number, day: string, time = '08:00'): WindowSession => ({ sessionId, blockId, day, startedAt: `${day} ${time}:00+02` });
const obs = (sessionId: number, pointNumber: number, pest: string, count: number | null, present: boolean | null = null): WindowObservation => ({
  sessionId,
  pointNumber,
  pest,
  count,
  present,
});

describe('pest dashboard window', () => {
  it('is the chosen day and the 10 days before it', () => {
    expect(pestDashboardWindow('2025-06-30')).toEqual({ from: '2025-06-20', to: '2025-06-30' });
    expect(pestDashboardWindow('2025-03-05')).toEqual({ from: '2025-02-23', to: '2025-03-05' });
    const days = windowDays('2025-06-30');
    expect(days).toHaveLength(11);
    expect([days[0], days[10]]).toEqual(['2025-06-20', '2025-06-30']);
  });
});

describe('threshold status', () => {
  it.each([
    // 1 of 10 points (as percent: 100 / 10) against 10 %: exactly at the threshold is over
    [100, 10, 10, 'over'],
    [99, 10, 10, 'near'],
    [800, 100, 10, 'near'],
    [799, 100, 10, 'below'],
    [0, 10, 10, 'below'],
    // 7 of 100 points is exactly 7 %, whatever floating point makes of 7 / 100 x 100
    [700, 100, 7, 'over'],
    [699, 100, 7, 'near'],
    [559, 100, 7, 'below'],
    [560, 100, 7, 'near'],
    // one decimal thresholds
    [25, 10, 2.5, 'over'],
    [24, 10, 2.5, 'near'],
  ] as const)('%s / %s against %s is %s', (numerator, denominator, threshold, status) => {
    expect(thresholdStatus(numerator, denominator, threshold)).toBe(status);
  });

  it('has no status without a threshold or a figure', () => {
    expect(thresholdStatus(5, 10, null)).toBeNull();
    expect(thresholdStatus(0, 0, 10)).toBeNull();
  });

  it('never calls a larger figure less urgent', () => {
    const rank = { below: 0, near: 1, over: 2 };
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (a, b, den, t) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const threshold = t / 10;
        expect(rank[thresholdStatus(hi, den, threshold)!]).toBeGreaterThanOrEqual(rank[thresholdStatus(lo, den, threshold)!]);
      }),
    );
  });
});

/** The infection panel from the rows themselves, counted by the shared rule. */
const infectionFigures = (
  blocks: readonly DashboardBlock[],
  sessions: readonly WindowSession[],
  observations: readonly WindowObservation[],
  thresholds: ReadonlyMap<string, number>,
) => infectionOfCounts(blocks, countInfection(sessions, observations), thresholds);

describe('pest infection figures', () => {
  const blocks = [block(1, 'A10'), block(2, 'A2'), block(3, 'B1', 2, 'Goedehoop'), block(4, 'Old')];
  const thresholds = new Map([
    ['red-scale', 10],
    ['citrus-thrips', 5],
  ]);

  it('shares the points where a pest was found among every point visited, over the sessions of the window', () => {
    const sessions = [session(11, 1, '2025-06-21'), session(12, 1, '2025-06-25'), session(21, 2, '2025-06-24')];
    const observations = [
      // block 1: session 11 visits points 1..5, session 12 points 1..5: 10 points
      ...[1, 2, 3, 4, 5].map((p) => obs(11, p, 'red-scale', p === 1 ? 3 : 0)),
      ...[1, 2, 3, 4].map((p) => obs(12, p, 'citrus-thrips', p <= 1 ? 1 : 0)),
      obs(12, 5, 'citrus-psylla', null, false),
      // block 2: 10 points, 1 with red scale (10 % against 10 %: over), 1 with psylla present (no threshold)
      ...Array.from({ length: 10 }, (_, i) => obs(21, i + 1, 'red-scale', i === 9 ? 1 : 0)),
      obs(21, 3, 'citrus-psylla', null, true),
    ];
    const { rows, blocksWithoutPoints } = infectionFigures(blocks, sessions, observations, thresholds);
    expect(blocksWithoutPoints).toEqual([]);
    expect(rows.map((r) => [r.blockName, r.pest, r.pointsInfested, r.pointsInspected, r.sharePercent, r.status])).toEqual([
      ['A2', 'red-scale', 1, 10, 10, 'over'],
      ['A10', 'citrus-thrips', 1, 10, 10, 'over'],
      ['A10', 'red-scale', 1, 10, 10, 'over'],
      ['A2', 'citrus-psylla', 1, 10, 10, null],
      ['A10', 'citrus-psylla', 0, 10, 0, null],
    ]);
    expect(rows[2]).toMatchObject({ pestName: 'Red scale', thresholdPercent: 10, sessions: 2, lastSessionId: 12, lastScoutedOn: '2025-06-25', farmName: 'Kransvlei' });
  });

  it('orders over before near and below, then the larger share', () => {
    const sessions = [session(1, 1, '2025-06-21'), session(2, 2, '2025-06-21'), session(3, 3, '2025-06-21')];
    const points = (s: number, found: number) => Array.from({ length: 100 }, (_, i) => obs(s, i + 1, 'red-scale', i < found ? 1 : 0));
    const { rows } = infectionFigures(blocks, sessions, [...points(1, 8), ...points(2, 3), ...points(3, 10)], thresholds);
    expect(rows.map((r) => [r.blockName, r.status])).toEqual([
      ['B1', 'over'],
      ['A10', 'near'],
      ['A2', 'below'],
    ]);
  });

  it('lists a block scouted without observation points apart, never as 0 %', () => {
    const { rows, blocksWithoutPoints } = infectionFigures(blocks, [session(41, 4, '2025-06-22'), session(42, 4, '2025-06-23')], [], thresholds);
    expect(rows).toEqual([]);
    expect(blocksWithoutPoints).toEqual([{ ...block(4, 'Old'), sessions: 2, lastSessionId: 42, lastScoutedOn: '2025-06-23' }]);
  });

  it('has nothing to show without sessions, and ignores sessions on blocks the caller cannot see', () => {
    expect(infectionFigures(blocks, [], [], thresholds)).toEqual({ rows: [], blocksWithoutPoints: [] });
    const hidden = infectionFigures(blocks, [session(9, 99, '2025-06-22')], [obs(9, 1, 'red-scale', 5)], thresholds);
    expect(hidden).toEqual({ rows: [], blocksWithoutPoints: [] });
  });
});

describe('scouting frequency figures', () => {
  const last = (b: DashboardBlock, lastScoutedOn: string | null, lastSessionId: number | null = lastScoutedOn ? b.blockId * 10 : null) => ({
    ...b,
    lastScoutedOn,
    lastSessionId,
  });

  it('is overdue only after more days than the frequency; exactly that many is due today', () => {
    expect(scoutingStatus(14, 14)).toBe('on-time');
    expect(scoutingStatus(15, 14)).toBe('overdue');
    expect(scoutingStatus(0, 14)).toBe('on-time');
    expect(scoutingStatus(null, 14)).toBe('never');
  });

  it('lists never scouted blocks first, then the most days since, with the farm figures of the input checks', () => {
    const figures = scoutingFrequencyFigures(
      [
        last(block(1, 'A1'), '2025-06-16'),
        last(block(2, 'A2'), '2025-06-29'),
        last(block(3, 'B1', 2, 'Goedehoop'), null),
        last(block(4, 'A3'), '2025-06-15'),
      ],
      14,
      '2025-06-30',
    );
    expect(figures.requiredDays).toBe(14);
    expect(figures.blocks.map((b) => [b.blockName, b.daysSince, b.status])).toEqual([
      ['B1', null, 'never'],
      ['A3', 15, 'overdue'],
      ['A1', 14, 'on-time'],
      ['A2', 1, 'on-time'],
    ]);
    expect(figures.farms).toEqual([
      { farmId: 2, farmName: 'Goedehoop', last: null, oldest: null, oldestId: 3, oldestIds: ['B1'] },
      { farmId: 1, farmName: 'Kransvlei', last: 1, oldest: 15, oldestId: 4, oldestIds: ['A3', 'A1'] },
    ]);
  });

  it('lists every chosen farm in the compact input checks, one without blocks as No Data', () => {
    const figures = scoutingFrequencyFigures([last(block(1, 'A1'), '2025-06-29')], 14, '2025-06-30', [
      { id: 1, farmName: 'Kransvlei' },
      { id: 7, farmName: 'Bergsig' },
    ]);
    expect(figures.farms).toEqual([
      { farmId: 7, farmName: 'Bergsig', last: null, oldest: null, oldestId: null, oldestIds: [] },
      { farmId: 1, farmName: 'Kransvlei', last: 1, oldest: 1, oldestId: 1, oldestIds: ['A1'] },
    ]);
    expect(figures.blocks).toHaveLength(1);
  });

  it('has no rows without blocks', () => {
    expect(scoutingFrequencyFigures([], 7, '2025-06-30')).toEqual({ requiredDays: 7, blocks: [], farms: [] });
  });
});
