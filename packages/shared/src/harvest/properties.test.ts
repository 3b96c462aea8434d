import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEstimateSave, blockReportRow, blockReportTotals, pucAggregates, pucReportRow, pucReportTotals, type BlockReportFigureColumns } from './figures.js';
import { blockReportCells, formatFigure, formatPercent, pucReportCells } from './format.js';
import type { BlockReportRow, PucReportRow } from './schemas.js';
import { compareNatural, sortBlockRows, sortPucRows } from './sort.js';

const PUCS = ['C1234', 'P0042', 'C0042', 'PUC 2', 'PUC 10', 'puc 1'];

/** A value with `decimals` decimals, as a person or the database would give it. */
const decimal = (max: number, decimals: number) => fc.integer({ min: 0, max: max * 10 ** decimals }).map((n) => n / 10 ** decimals);
const sometimesZero = (arb: fc.Arbitrary<number>) => fc.oneof(fc.constant(0), arb);

/** Rows the API can answer with (they pass blockReportRowSchema). */
const linkArb = fc.option(
  fc.record({ citrii_Block: fc.constantFrom('Block 1', 'Block 2', 'Block 10', 'block 2', 'A1'), citrii_Block_Id: fc.integer({ min: 1, max: 50 }) }),
  { nil: null },
).map((link) => link ?? { citrii_Block: null, citrii_Block_Id: null });
const blockRowArb: fc.Arbitrary<BlockReportRow> = fc.tuple(linkArb, fc.record({
  puc: fc.constantFrom(...PUCS),
  production_Block: fc.integer({ min: 1, max: 50 }),
  variety: fc.constantFrom('Nadorcott', 'Navel', 'Eureka'),
  ha: fc.option(sometimesZero(decimal(200, 4)), { nil: null }),
  not_Tipped: sometimesZero(fc.integer({ min: 1, max: 20_000 })),
  tipped: sometimesZero(fc.integer({ min: 1, max: 20_000 })),
  tipped_Kgs: sometimesZero(decimal(10_000_000, 2)),
  tonnes_Per_Ha: fc.option(sometimesZero(decimal(400, 2)), { nil: null }),
  tonnes_Per_Ha_Adjusted: fc.option(sometimesZero(decimal(400, 2)), { nil: null }),
  version: fc.nat({ max: 1000 }),
})).map(([link, rest]) => ({ ...rest, ...link }));

/** Anything the number type allows, to show the cells hold even when the data does not. */
const anyNumber = fc.oneof(fc.double(), fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE));
const hostileBlockRowArb: fc.Arbitrary<BlockReportRow> = fc.record({
  puc: fc.string(),
  citrii_Block: fc.option(fc.string(), { nil: null }),
  citrii_Block_Id: fc.option(fc.integer(), { nil: null }),
  production_Block: fc.integer(),
  variety: fc.string(),
  ha: fc.option(anyNumber, { nil: null }),
  not_Tipped: anyNumber,
  tipped: anyNumber,
  tipped_Kgs: anyNumber,
  tonnes_Per_Ha: fc.option(anyNumber, { nil: null }),
  tonnes_Per_Ha_Adjusted: fc.option(anyNumber, { nil: null }),
  version: fc.integer(),
});
const hostilePucRowArb: fc.Arbitrary<PucReportRow> = fc.record({
  puc: fc.string(),
  not_Tipped: anyNumber,
  tipped: anyNumber,
  tipped_Kgs: anyNumber,
  remaining_Tonnes: anyNumber,
  completedBlocks: fc.nat(),
  incompleteBlocks: fc.nat(),
});

const LOCALES = ['en-ZA', 'en-US', 'de-DE', 'fr-FR'];

function expectCleanCells(cells: Record<string, string>) {
  for (const cell of Object.values(cells)) {
    expect(cell).not.toMatch(/NaN|Infinity|∞/);
  }
}

/** en-US cell text back to a number: what a person adding up the column would read. */
function read(cell: string): number | null {
  return cell === '' ? null : Number(cell.replace(/,/g, ''));
}

const SUMMED_COLUMNS = ['ha', 'untippedTonnes', 'tippedTonnes', 'combinedTonnes', 'originalEstimate', 'adjustedEstimate'] as const satisfies readonly (keyof BlockReportFigureColumns)[];

describe('harvest properties', () => {
  it('no NaN or Infinity ever reaches a formatted cell', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(blockRowArb, hostileBlockRowArb), { maxLength: 20 }), fc.constantFrom(...LOCALES), (rows, locale) => {
        const figures = rows.map(blockReportRow);
        for (const row of figures) expectCleanCells(blockReportCells(row, locale));
        expectCleanCells(blockReportCells(blockReportTotals(figures), locale));
      }),
    );
    fc.assert(
      fc.property(fc.array(hostilePucRowArb, { maxLength: 20 }), fc.constantFrom(...LOCALES), (rows, locale) => {
        const figures = rows.map(pucReportRow);
        for (const row of figures) expectCleanCells({ ...pucReportCells(row, locale) });
        expectCleanCells({ ...pucReportCells(pucReportTotals(figures), locale) });
      }),
    );
    fc.assert(
      fc.property(anyNumber, fc.constantFrom(...LOCALES), (value, locale) => {
        expect(formatFigure(value, locale)).not.toMatch(/NaN|Infinity|∞/);
        expect(formatPercent(value, locale)).not.toMatch(/NaN|Infinity|∞/);
      }),
    );
  });

  it('every total cell equals the sum of the cells shown above it', () => {
    fc.assert(
      fc.property(fc.array(blockRowArb, { maxLength: 30 }), (rows) => {
        const figures = rows.map(blockReportRow);
        const rowCells = figures.map((row) => blockReportCells(row, 'en-US'));
        const totalCells = blockReportCells(blockReportTotals(figures), 'en-US');
        for (const column of SUMMED_COLUMNS) {
          const shown = rowCells.map((cells) => read(cells[column])).filter((value) => value !== null);
          const expected = shown.length === 0 && (column === 'ha' || column === 'originalEstimate' || column === 'adjustedEstimate')
            ? ''
            : formatFigure(shown.reduce((sum, value) => sum + value, 0), 'en-US');
          expect(totalCells[column], column).toBe(expected);
        }
      }),
    );
    fc.assert(
      fc.property(fc.array(blockRowArb, { maxLength: 30 }), (rows) => {
        const figures = pucAggregates(rows).map(pucReportRow);
        const rowCells = figures.map((row) => pucReportCells(row, 'en-US'));
        const totalCells = pucReportCells(pucReportTotals(figures), 'en-US');
        for (const column of ['untippedTonnes', 'tippedTonnes', 'combinedTonnes', 'remainingTonnes'] as const) {
          const sum = rowCells.reduce((total, cells) => total + (read(cells[column]) ?? 0), 0);
          expect(totalCells[column], column).toBe(formatFigure(sum, 'en-US'));
        }
        const completed = figures.reduce((total, row) => total + row.completedBlocks, 0);
        expect(totalCells.blocksEstimated).toBe(`${completed} / ${rows.length}`);
      }),
    );
  });

  it('the remaining total is never negative and is the sum of the positive remainders', () => {
    fc.assert(
      fc.property(fc.array(blockRowArb, { maxLength: 30 }), (rows) => {
        const figures = rows.map(blockReportRow);
        const totals = blockReportTotals(figures);
        const remainders = figures.map((row) => row.remaining_Tonnes).filter((value) => value !== null);
        if (remainders.length === 0) {
          expect(totals.remaining_Tonnes).toBeNull();
          return;
        }
        expect(totals.remaining_Tonnes).toBeGreaterThanOrEqual(0);
        const shownPositive = figures
          .map((row) => read(blockReportCells(row, 'en-US').remaining_Tonnes))
          .filter((value) => value !== null && value > 0) as number[];
        expect(formatFigure(totals.remaining_Tonnes, 'en-US')).toBe(formatFigure(shownPositive.reduce((sum, value) => sum + value, 0), 'en-US'));
        // the per-PUC figure the server sends is that PUC's block report total
        for (const aggregate of pucAggregates(rows)) {
          const ofPuc = figures.filter((row) => row.puc === aggregate.puc);
          expect(aggregate.remaining_Tonnes).toBe(blockReportTotals(ofPuc).remaining_Tonnes ?? 0);
          expect(aggregate.remaining_Tonnes).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('percentage complete and variance agree, as figures and as cells', () => {
    fc.assert(
      fc.property(fc.array(blockRowArb, { minLength: 1, maxLength: 10 }), (rows) => {
        const figures = rows.map(blockReportRow);
        for (const row of [...figures, blockReportTotals(figures)]) {
          const { percentage_Complete: pct, variance } = row;
          expect(pct === null).toBe(variance === null);
          if (pct === null || variance === null) continue;
          expect(variance).toBe(Math.abs(100 - pct));
          const shownPct = Number(formatPercent(pct, 'en-US').replace(/,/g, ''));
          const shownVariance = Number(formatPercent(variance, 'en-US').replace(/,/g, ''));
          expect(Math.abs(100 - shownPct)).toBe(shownVariance);
        }
      }),
    );
  });

  it('applyEstimateSave is idempotent and follows the original-estimate rule', () => {
    fc.assert(
      fc.property(blockRowArb, decimal(400, 2), fc.option(fc.nat({ max: 1000 }), { nil: undefined }), (row, adjusted, version) => {
        const once = applyEstimateSave(row, adjusted, version);
        expect(applyEstimateSave(once, adjusted, version)).toEqual(once);
        expect(once.tonnes_Per_Ha_Adjusted).toBe(adjusted);
        expect(once.tonnes_Per_Ha).toBe(row.tonnes_Per_Ha === null ? null : adjusted);
        expect(once.version).toBe(version ?? row.version);
        expect(once.isCompleted).toBe(row.citrii_Block_Id !== null);
      }),
    );
  });

  it('sorting PUC rows is a stable permutation in natural PUC order', () => {
    const pucArb = fc.oneof(
      fc.constantFrom(...PUCS),
      fc.tuple(fc.constantFrom('C', 'P', 'PUC '), fc.nat({ max: 20_000 })).map(([prefix, n]) => `${prefix}${n}`),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(pucArb, { maxLength: 40 }), (pucs) => {
        const rows = pucs.map((puc, index) => ({ puc, index }));
        const sorted = sortPucRows(rows);
        expect([...sorted].sort((a, b) => a.index - b.index)).toEqual(rows);
        for (let i = 1; i < sorted.length; i += 1) {
          const previous = sorted[i - 1]!;
          const current = sorted[i]!;
          const order = compareNatural(previous.puc, current.puc);
          expect(order).toBeLessThanOrEqual(0);
          if (order === 0) expect(previous.index).toBeLessThan(current.index);
        }
        // the order depends on the names only, never on how the rows arrived
        expect(sortPucRows([...rows].reverse()).map((r) => r.puc)).toEqual(sorted.map((r) => r.puc));
      }),
    );
  });

  it('PUC numbers with one prefix sort by value', () => {
    fc.assert(
      fc.property(fc.constantFrom('C', 'P', 'PUC '), fc.uniqueArray(fc.nat({ max: 99_999 }), { maxLength: 30 }), (prefix, numbers) => {
        const sorted = sortPucRows(numbers.map((n) => ({ puc: `${prefix}${String(n).padStart(4, '0')}` })));
        expect(sorted.map((r) => Number(r.puc.slice(prefix.length)))).toEqual([...numbers].sort((a, b) => a - b));
      }),
    );
  });

  it('compareNatural is a total order', () => {
    const text = fc.oneof(fc.string({ maxLength: 6 }), fc.stringMatching(/^[A-Za-z ]{0,3}[0-9]{0,4}[A-Za-z]{0,2}$/));
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        expect(Math.sign(compareNatural(a, b)) + Math.sign(compareNatural(b, a))).toBe(0);
        expect(compareNatural(a, b) === 0).toBe(a === b);
        if (compareNatural(a, b) <= 0 && compareNatural(b, c) <= 0) expect(compareNatural(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('sorting block rows is a permutation with linked rows first', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(blockRowArb, hostileBlockRowArb), { maxLength: 30 }), (rows) => {
        const tagged = rows.map((row, index) => ({ ...row, index }));
        const sorted = sortBlockRows(tagged);
        expect([...sorted].sort((a, b) => a.index - b.index)).toEqual(tagged);
        const firstUnlinked = sorted.findIndex((row) => row.citrii_Block_Id === null);
        if (firstUnlinked >= 0) expect(sorted.slice(firstUnlinked).every((row) => row.citrii_Block_Id === null)).toBe(true);
        const linked = sorted.filter((row) => row.citrii_Block_Id !== null);
        for (let i = 1; i < linked.length; i += 1) {
          expect(compareNatural(linked[i - 1]!.citrii_Block ?? '', linked[i]!.citrii_Block ?? '')).toBeLessThanOrEqual(0);
        }
        expect(sortBlockRows([...tagged].reverse()).map(blockKey)).toEqual(sorted.map(blockKey));
      }),
    );
  });
});

function blockKey(row: BlockReportRow): string {
  return `${row.citrii_Block_Id === null}|${row.citrii_Block ?? ''}|${row.variety}|${row.production_Block}`;
}
