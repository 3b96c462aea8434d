import { describe, expect, it } from 'vitest';
import { LOCAL_MARKET } from './spray-products.js';
import { applicationDay, blockClearances, withholdingDaysFor, withholdingGate, type WithholdingApplication, type WithholdingProduct } from './withholding.js';

const abamectin: WithholdingProduct = {
  id: 1,
  name: 'Abamectin 18 EC',
  localWithholdingDays: 7,
  marketWithholding: [
    { market: 'EU', days: 14 },
    { market: 'China', days: 21 },
  ],
};
const oil: WithholdingProduct = { id: 2, name: 'Mineral oil', localWithholdingDays: 0, marketWithholding: [] };
const copper: WithholdingProduct = { id: 3, name: 'Copper oxychloride', localWithholdingDays: 10, marketWithholding: [{ market: 'EU', days: 3 }] };
const products = [abamectin, oil, copper];

const app = (appliedAt: string | Date, blockIds: number[], productIds: number[], id?: number): WithholdingApplication => ({ id, appliedAt, blockIds, productIds });

describe('withholding days of a product for a market', () => {
  it("takes the market's entry, else the local days; local is the local days", () => {
    expect(withholdingDaysFor(abamectin, 'EU')).toEqual({ days: 14, market: 'EU' });
    expect(withholdingDaysFor(abamectin, 'china')).toEqual({ days: 21, market: 'China' });
    expect(withholdingDaysFor(abamectin, 'UK')).toEqual({ days: 7, market: LOCAL_MARKET });
    expect(withholdingDaysFor(abamectin, LOCAL_MARKET)).toEqual({ days: 7, market: LOCAL_MARKET });
    expect(withholdingDaysFor(abamectin, ' Local ')).toEqual({ days: 7, market: LOCAL_MARKET });
  });

  it('takes the strictest market for an unknown one, the local days included', () => {
    expect(withholdingDaysFor(abamectin, null)).toEqual({ days: 21, market: 'China' });
    // an entry shorter than the local days never makes an unknown market shorter
    expect(withholdingDaysFor(copper, null)).toEqual({ days: 10, market: LOCAL_MARKET });
    expect(withholdingDaysFor(oil, null)).toEqual({ days: 0, market: LOCAL_MARKET });
  });
});

describe('the business day of an application', () => {
  it('keeps a day, and reads an instant on the business calendar (UTC+2)', () => {
    expect(applicationDay('2026-03-01')).toBe('2026-03-01');
    // 23:30 on 1 March in the business time zone is 21:30 UTC
    expect(applicationDay('2026-03-01T23:30:00+02:00')).toBe('2026-03-01');
    // 00:30 on 2 March is still 1 March in UTC
    expect(applicationDay('2026-03-02T00:30:00+02:00')).toBe('2026-03-02');
    expect(applicationDay(new Date('2026-03-01T22:30:00Z'))).toBe('2026-03-02');
  });

  it('refuses what is neither', () => {
    expect(() => applicationDay('2026-02-30')).toThrow(RangeError);
    expect(() => applicationDay('not a day')).toThrow(RangeError);
  });
});

describe('the withholding gate', () => {
  it('clears a block on the application day plus the days, and holds it on every day before', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [1], 501)], products);
    expect(gate.clearanceDay(10, 'EU')).toBe('2026-03-15');
    expect(gate.isInsideInterval(10, 'EU', '2026-03-14')).toBe(true);
    expect(gate.isInsideInterval(10, 'EU', '2026-03-15')).toBe(false);
    expect(gate.isInsideInterval(10, 'EU', '2026-02-28')).toBe(true);
    expect(gate.reason(10, 'EU')).toEqual({
      blockId: 10,
      productId: 1,
      productName: 'Abamectin 18 EC',
      applicationId: 501,
      appliedOn: '2026-03-01',
      days: 14,
      daysMarket: 'EU',
      clearanceDay: '2026-03-15',
    });
    expect(gate.reasonOn(10, 'EU', '2026-03-15')).toBeNull();
    expect(gate.reasonOn(10, 'EU', '2026-03-10')?.productName).toBe('Abamectin 18 EC');
  });

  it('counts calendar days across a month and a year end', () => {
    const gate = withholdingGate([app('2026-12-20', [1], [1])], products);
    expect(gate.clearanceDay(1, 'China')).toBe('2027-01-10');
    expect(withholdingGate([app('2028-02-20', [1], [1])], products).clearanceDay(1, 'EU')).toBe('2028-03-05');
  });

  it('uses the local days for a market the product has no entry for', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [1])], products);
    expect(gate.clearanceDay(10, 'UK')).toBe('2026-03-08');
    expect(gate.reason(10, 'UK')).toMatchObject({ days: 7, daysMarket: LOCAL_MARKET });
    expect(gate.clearanceDay(10, LOCAL_MARKET)).toBe('2026-03-08');
  });

  it('takes the latest clearance of several products on one block, per market', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [1, 3])], products);
    // EU: abamectin 14 against copper 3
    expect(gate.reason(10, 'EU')).toMatchObject({ productId: 1, clearanceDay: '2026-03-15' });
    // local: copper 10 against abamectin 7
    expect(gate.reason(10, LOCAL_MARKET)).toMatchObject({ productId: 3, clearanceDay: '2026-03-11' });
    // UK has no entry in either: the local days decide, copper again
    expect(gate.reason(10, 'UK')).toMatchObject({ productId: 3, days: 10 });
  });

  it('takes the latest clearance over applications on different days, not the latest application', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [1], 1), app('2026-03-10', [10], [2], 2)], products);
    // the oil two weeks later clears the same day; abamectin's 21 days still hold the block
    expect(gate.reason(10, 'China')).toMatchObject({ applicationId: 1, clearanceDay: '2026-03-22' });
    const later = withholdingGate([app('2026-03-01', [10], [1], 1), app('2026-03-10', [10], [3], 2)], products);
    expect(later.reason(10, LOCAL_MARKET)).toMatchObject({ applicationId: 2, clearanceDay: '2026-03-20' });
  });

  it('keeps same-day applications apart by product, and names one reason on a tie', () => {
    const sameDay = [app('2026-03-01', [10], [3], 1), app('2026-03-01', [10], [1], 2)];
    const gate = withholdingGate(sameDay, products);
    expect(gate.reason(10, 'EU')).toMatchObject({ productId: 1, applicationId: 2, clearanceDay: '2026-03-15' });
    // a tie: copper 10 local days and a product of 10 days too; the product first by name is named
    const twin: WithholdingProduct = { id: 9, name: 'Amitraz', localWithholdingDays: 10, marketWithholding: [] };
    const tie = withholdingGate([app('2026-03-01', [10], [3, 9])], [...products, twin]);
    expect(tie.reason(10, LOCAL_MARKET)).toMatchObject({ productName: 'Amitraz', clearanceDay: '2026-03-11' });
    // the order of the applications given does not change the answer
    expect(withholdingGate([...sameDay].reverse(), products).reason(10, 'EU')).toEqual(gate.reason(10, 'EU'));
  });

  it('on a tie prefers the later application', () => {
    // abamectin on 1 March (EU 14) and copper on 12 March (EU 3) both clear on 15 March
    const gate = withholdingGate([app('2026-03-01', [10], [1], 1), app('2026-03-12', [10], [3], 2)], products);
    expect(gate.reason(10, 'EU')).toMatchObject({ applicationId: 2, productId: 3, clearanceDay: '2026-03-15' });
  });

  it('holds a block for an unknown market until its strictest market clears', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [1, 3])], products);
    expect(gate.reason(10, null)).toMatchObject({ productId: 1, days: 21, daysMarket: 'China', clearanceDay: '2026-03-22' });
    expect(gate.isInsideInterval(10, null, '2026-03-21')).toBe(true);
    expect(gate.isInsideInterval(10, null, '2026-03-22')).toBe(false);
    // never earlier than any known market
    for (const market of [LOCAL_MARKET, 'EU', 'China', 'UK']) expect(gate.clearanceDay(10, null)! >= gate.clearanceDay(10, market)!).toBe(true);
  });

  it('decides by the business day of an application made near midnight', () => {
    // 23:50 on 1 March and 00:10 on 2 March in the business time zone, both 1 March in UTC
    const late = withholdingGate([app('2026-03-01T23:50:00+02:00', [10], [1])], products);
    const early = withholdingGate([app('2026-03-02T00:10:00+02:00', [10], [1])], products);
    expect(late.clearanceDay(10, 'EU')).toBe('2026-03-15');
    expect(early.clearanceDay(10, 'EU')).toBe('2026-03-16');
    expect(early.isInsideInterval(10, 'EU', '2026-03-15')).toBe(true);
    expect(early.reason(10, 'EU')?.appliedOn).toBe('2026-03-02');
  });

  it('clears a zero-day product on the day it was applied', () => {
    const gate = withholdingGate([app('2026-03-01', [10], [2])], products);
    expect(gate.clearanceDay(10, 'EU')).toBe('2026-03-01');
    expect(gate.clearanceDay(10, null)).toBe('2026-03-01');
    expect(gate.isInsideInterval(10, 'EU', '2026-03-01')).toBe(false);
    expect(gate.isInsideInterval(10, 'EU', '2026-02-28')).toBe(true);
  });

  it('holds only the blocks an application covered', () => {
    const gate = withholdingGate([app('2026-03-01', [10, 11], [1]), app('2026-03-05', [12], [3])], products);
    expect(gate.blockIds).toEqual([10, 11, 12]);
    expect(gate.clearanceDay(11, 'EU')).toBe('2026-03-15');
    expect(gate.clearanceDay(12, 'EU')).toBe('2026-03-08');
    expect(gate.clearanceDay(13, 'EU')).toBeNull();
    expect(gate.isInsideInterval(13, null, '2026-03-01')).toBe(false);
    expect(gate.reason(13, null)).toBeNull();
  });

  it('is not fooled by a block or product named twice in one application', () => {
    const gate = withholdingGate([app('2026-03-01', [10, 10], [1, 1])], products);
    expect(gate.blockIds).toEqual([10]);
    expect(gate.clearanceDay(10, 'EU')).toBe('2026-03-15');
  });

  it('refuses an application naming a product it was not given, and a day that is not one', () => {
    expect(() => withholdingGate([app('2026-03-01', [10], [99])], products)).toThrow(RangeError);
    expect(() => withholdingGate([app('2026-03-01', [10], [1])], products).isInsideInterval(10, 'EU', '2026-3-1')).toThrow(RangeError);
  });

  it('answers nothing without applications', () => {
    const gate = withholdingGate([], products);
    expect(gate.blockIds).toEqual([]);
    expect(gate.clearanceDay(1, null)).toBeNull();
  });
});

describe('the clearance table', () => {
  it('lists every covered block for each market asked, unknown included', () => {
    const rows = blockClearances([app('2026-03-01', [11, 10], [1]), app('2026-03-03', [11], [3])], products, [LOCAL_MARKET, 'EU', null]);
    expect(rows.map((r) => [r.blockId, r.market, r.clearanceDay, r.reason.productId])).toEqual([
      [10, LOCAL_MARKET, '2026-03-08', 1],
      [10, 'EU', '2026-03-15', 1],
      [10, null, '2026-03-22', 1],
      [11, LOCAL_MARKET, '2026-03-13', 3],
      [11, 'EU', '2026-03-15', 1],
      [11, null, '2026-03-22', 1],
    ]);
  });
});
