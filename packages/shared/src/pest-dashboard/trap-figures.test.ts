import { describe, expect, it } from 'vitest';
import type { DashboardBlock } from './figures.js';
import { trapFiguresOfRows as trapFigures, trapPestOf, trapThresholdKey, type DashboardTrap, type WindowInspection } from './trap-figures.js';

const DATE = '2025-06-30';
const blocks: DashboardBlock[] = [
  { farmId: 1, farmName: 'Kransvlei', blockId: 1, blockName: 'A1' },
  { farmId: 1, farmName: 'Kransvlei', blockId: 2, blockName: 'A2' },
];
const trap = (trapId: number, blockId: number, trapType: string, lure: string, extra: Partial<DashboardTrap> = {}): DashboardTrap => ({
  trapId,
  blockId,
  trapType,
  lure,
  code: `T${trapId}`,
  lat: -32.5,
  lng: 19.0,
  activeFrom: '2025-06-01',
  activeTo: null,
  ...extra,
});
let nextId = 1;
const inspect = (trapId: number, inspectedOn: string, count: number): WindowInspection => ({ inspectionId: nextId++, trapId, inspectedOn, count });
const thresholds = new Map([
  [trapThresholdKey('delta', 'false-codling-moth'), 10],
  [trapThresholdKey('mcphail', 'fruit-fly'), 6],
]);

describe('trap figures', () => {
  it('knows the pest a lure draws', () => {
    expect(trapPestOf('fcm-pheromone')).toBe('false-codling-moth');
    expect(trapPestOf('questlure')).toBe('fruit-fly');
    expect(trapPestOf('retired-lure')).toBeNull();
  });

  it('charts the mean count per inspection per day against the threshold, with gaps on days without inspections', () => {
    const traps = [trap(1, 1, 'delta', 'fcm-pheromone'), trap(2, 2, 'delta', 'fcm-pheromone'), trap(3, 1, 'mcphail', 'capilure')];
    const inspections = [inspect(1, '2025-06-22', 12), inspect(2, '2025-06-22', 8), inspect(1, '2025-06-29', 7), inspect(3, '2025-06-25', 2)];
    const { series } = trapFigures(blocks, traps, inspections, thresholds, DATE);
    expect(series.map((s) => [s.trapTypeName, s.pestName, s.thresholdCount, s.traps, s.overDays])).toEqual([
      ['Delta trap', 'False codling moth', 10, 2, 1],
      ['McPhail trap', 'Fruit fly', 6, 1, 0],
    ]);
    const delta = series[0]!;
    expect(delta.days).toHaveLength(11);
    expect(delta.days.find((d) => d.day === '2025-06-22')).toEqual({ day: '2025-06-22', inspections: 2, totalCount: 20, meanCount: 10, maxCount: 12, status: 'over' });
    expect(delta.days.find((d) => d.day === '2025-06-29')).toMatchObject({ meanCount: 7, status: 'below' });
    expect(delta.days.find((d) => d.day === '2025-06-20')).toEqual({ day: '2025-06-20', inspections: 0, totalCount: 0, meanCount: null, maxCount: null, status: null });
  });

  it('lists traps over their threshold now, with the days they have been over', () => {
    const traps = [
      trap(1, 1, 'delta', 'fcm-pheromone'),
      trap(2, 2, 'delta', 'fcm-pheromone'),
      trap(3, 1, 'mcphail', 'capilure'),
      // taken down before the chosen day: not hanging now
      trap(4, 1, 'delta', 'fcm-pheromone', { activeTo: '2025-06-28' }),
      // no threshold for bollworm bucket traps here
      trap(5, 2, 'bucket', 'bollworm-pheromone'),
    ];
    const inspections = [
      // trap 1: below, then over twice: over since the 26th
      inspect(1, '2025-06-21', 3),
      inspect(1, '2025-06-26', 10),
      inspect(1, '2025-06-29', 15),
      // trap 2: over, then just below now
      inspect(2, '2025-06-22', 30),
      inspect(2, '2025-06-29', 9),
      // trap 3: exactly at 6 today
      inspect(3, '2025-06-30', 6),
      inspect(4, '2025-06-27', 50),
      inspect(5, '2025-06-27', 50),
    ];
    const { overThreshold } = trapFigures(blocks, traps, inspections, thresholds, DATE);
    expect(overThreshold.map((r) => [r.trapId, r.blockName, r.pest, r.lastCount, r.thresholdCount, r.overSince, r.daysOver])).toEqual([
      [1, 'A1', 'false-codling-moth', 15, 10, '2025-06-26', 5],
      [3, 'A1', 'fruit-fly', 6, 6, '2025-06-30', 1],
    ]);
    expect(overThreshold[0]).toMatchObject({ code: 'T1', lat: -32.5, lng: 19.0, lastInspectedOn: '2025-06-29', trapTypeName: 'Delta trap' });
  });

  it('has nothing without inspections in the window, and ignores traps on blocks the caller cannot see', () => {
    expect(trapFigures(blocks, [], [], thresholds, DATE)).toEqual({ series: [], overThreshold: [] });
    const hidden = trapFigures(blocks, [trap(9, 99, 'delta', 'fcm-pheromone')], [inspect(9, '2025-06-29', 99)], thresholds, DATE);
    expect(hidden).toEqual({ series: [], overThreshold: [] });
    const old = trapFigures(blocks, [trap(1, 1, 'delta', 'fcm-pheromone')], [inspect(1, '2025-06-19', 99)], thresholds, DATE);
    expect(old).toEqual({ series: [], overThreshold: [] });
  });
});
