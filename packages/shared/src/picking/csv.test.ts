import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_SEPARATOR_LINE,
  buildPickingScheduleCsv,
  canExportPickingSchedule,
  exportFileTimestamp,
  neutraliseFormula,
  pickingScheduleFileName,
  weeksUpToLastWithBins,
} from './csv.js';
import type { PickingEstimateRow, PickingWeekEntry } from './rules.js';

function week(year: number, weekNumber: number, binCount: number | null): PickingWeekEntry {
  return { id: null, year, week: weekNumber, binCount };
}

function makeRow(overrides: Partial<PickingEstimateRow> = {}): PickingEstimateRow {
  return {
    id: 0,
    puc: 10,
    pucName: 'PUC 10',
    variety: 3,
    varietyName: 'Nadorcott',
    farm: 1,
    farmName: 'Riverside',
    packhouse: 7,
    packhouseName: 'Central',
    legalEntity: 2,
    legalEntityName: 'Riverside Farms',
    region: 'West',
    affiliation: 'Int',
    commodity: 'Citrus',
    estimatedFirstWeek: 52,
    expectedProjectedTonnes: 120.5,
    firstProjectedTonnes: null,
    avgBinWeight: 400,
    projectedTotalBins: 300,
    weeks: [],
    actuals: [],
    total: 0,
    difference: 300,
    ...overrides,
  };
}

const columns = [
  { year: 2020, week: 52 },
  { year: 2020, week: 53 },
  { year: 2021, week: 1 },
  { year: 2021, week: 2 },
  { year: 2021, week: 3 },
];

describe('buildPickingScheduleCsv (producer)', () => {
  const rows = [
    makeRow({ weeks: [week(2020, 53, 100), week(2021, 1, 0)] }),
    makeRow({ id: 1, pucName: 'PUC 11', weeks: [week(2021, 1, 20), week(2021, 2, 0), week(2021, 3, null)] }),
  ];
  const csv = buildPickingScheduleCsv({ kind: 'producer', rows, weeks: columns });

  it('puts the separator line first, apart from the rows', () => {
    expect(csv.separatorLine).toBe('sep=,');
    expect(CSV_SEPARATOR_LINE).toBe('sep=,');
  });

  it('drops the weeks after the last week with bins in any row, keeps earlier empty ones', () => {
    expect(csv.rows[0]).toEqual([
      'Packhouse', 'Puc', 'Variety', '1st Week Of Harvest', 'Projected Tonnes', 'January Projected Tonnes',
      'Avg Kg/Bin', 'Expected Total Bins', '2020-W52', '2020-W53', '2021-W01', 'Grand Total', 'Difference',
    ]);
  });

  it('writes nulls as empty cells and totals per row', () => {
    expect(csv.rows[1]).toEqual(['Central', 'PUC 10', 'Nadorcott', '52', '120.5', '', '400', '300', '', '100', '0', '100', '200']);
    expect(csv.rows[2]).toEqual(['Central', 'PUC 11', 'Nadorcott', '52', '120.5', '', '400', '300', '', '', '20', '20', '280']);
    expect(csv.rows).toHaveLength(3);
  });

  it('keeps no week column when no row has bins', () => {
    const empty = buildPickingScheduleCsv({ kind: 'producer', rows: [makeRow({ weeks: [week(2021, 1, 0)] })], weeks: columns });
    expect(empty.rows[0]).not.toContain('2021-W01');
    expect(empty.rows[1]).toHaveLength(empty.rows[0]!.length);
  });

  it('refuses to export without rows', () => {
    expect(canExportPickingSchedule([])).toBe(false);
    expect(() => buildPickingScheduleCsv({ kind: 'producer', rows: [], weeks: columns })).toThrow(RangeError);
  });

  it('neutralises formulas in text cells but leaves negative numbers alone', () => {
    const hostile = makeRow({
      pucName: '=HYPERLINK("http://x")',
      varietyName: '@SUM(A1)',
      packhouseName: null,
      projectedTotalBins: 10,
      weeks: [week(2021, 1, 30)],
    });
    const [, row] = buildPickingScheduleCsv({ kind: 'producer', rows: [hostile], weeks: columns }).rows;
    expect(row?.slice(0, 3)).toEqual(['', `'=HYPERLINK("http://x")`, "'@SUM(A1)"]);
    expect(row?.at(-1)).toBe('-20');
  });
});

describe('buildPickingScheduleCsv (packhouse)', () => {
  const rows = [makeRow({ weeks: [week(2020, 53, 100), week(2021, 1, 40)] }), makeRow({ id: 1, packhouse: 8, packhouseName: 'North', region: null, weeks: [week(2020, 53, 5)] })];
  const capacities = [
    { packhouse: 7, packhouseName: 'Central', weeks: [{ year: 2020, week: 53, totalBins: 100, capacity: 500 }, { year: 2021, week: 3, totalBins: 0, capacity: 900 }] },
    { packhouse: 8, packhouseName: 'North', weeks: [{ year: 2020, week: 53, totalBins: 5, capacity: 250 }, { year: 2021, week: 1, totalBins: null, capacity: null }] },
  ];
  const csv = buildPickingScheduleCsv({ kind: 'packhouse', rows, weeks: columns, capacities });

  it('adds region, Int/Ext/Joint and commodity columns', () => {
    expect(csv.rows[0]?.slice(0, 6)).toEqual(['Packhouse', 'Region', 'Int/Ext/Joint', 'Commodity', 'Puc', 'Variety']);
    expect(csv.rows[0]?.slice(11)).toEqual(['2020-W52', '2020-W53', '2021-W01', 'Grand Total', 'Difference']);
    expect(csv.rows[2]?.slice(0, 6)).toEqual(['North', '', 'Int', 'Citrus', 'PUC 10', 'Nadorcott']);
  });

  it('ends with a Capacity row summing the packhouses per kept week', () => {
    const capacityRow = csv.rows.at(-1);
    expect(csv.rows).toHaveLength(4);
    expect(capacityRow).toEqual(['Capacity', '', '', '', '', '', '', '', '', '', '', '', '750', '', '', '']);
    expect(capacityRow).toHaveLength(csv.rows[0]!.length);
  });

  it('producer exports have no Capacity row', () => {
    const producer = buildPickingScheduleCsv({ kind: 'producer', rows, weeks: columns, capacities });
    expect(producer.rows.some((row) => row[0] === 'Capacity')).toBe(false);
  });
});

describe('weeksUpToLastWithBins', () => {
  it('keeps a prefix ending at a week with bins, and every row is the header width', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.option(fc.nat(50), { nil: null }), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (matrix) => {
          const rows = matrix.map((counts, id) => makeRow({ id, weeks: counts.map((c, i) => week(columns[i]!.year, columns[i]!.week, c)) }));
          const kept = weeksUpToLastWithBins(rows, columns);
          expect(kept).toEqual(columns.slice(0, kept.length));
          const hasBins = (i: number) => matrix.some((counts) => (counts[i] ?? 0) > 0);
          if (kept.length > 0) expect(hasBins(kept.length - 1)).toBe(true);
          for (let i = kept.length; i < columns.length; i++) expect(hasBins(i)).toBe(false);
          const csv = buildPickingScheduleCsv({ kind: 'packhouse', rows, weeks: columns, capacities: [] });
          expect(csv.rows.every((row) => row.length === csv.rows[0]!.length)).toBe(true);
        },
      ),
    );
  });
});

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+27 21 555', "'+27 21 555"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Central', 'Central'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  it('never leaves a cell starting with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (cell) => {
        const safe = neutraliseFormula(cell);
        expect(/^[=+\-@\t\r]/.test(safe)).toBe(false);
        expect(safe.endsWith(cell)).toBe(true);
      }),
    );
  });
});

describe('file names', () => {
  // 05:08:09 UTC is 07:08:09 in the business time zone, whatever zone the tests run in
  const at = new Date(Date.UTC(2026, 0, 5, 5, 8, 9));

  it('stamps yyyy-MM-dd-HH-mm-ss in the business time zone', () => {
    expect(exportFileTimestamp(at)).toBe('2026-01-05-07-08-09');
    // just before midnight UTC is already the next business day
    expect(exportFileTimestamp(new Date(Date.UTC(2026, 11, 31, 23, 30, 0)))).toBe('2027-01-01-01-30-00');
  });

  it('prefixes the view', () => {
    expect(pickingScheduleFileName('producer', at)).toBe('PickingSchedule-2026-01-05-07-08-09.csv');
    expect(pickingScheduleFileName('packhouse', at)).toBe('PackhousePickingSchedule-2026-01-05-07-08-09.csv');
  });
});
