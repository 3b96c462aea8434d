import { describe, expect, it } from 'vitest';
import { compareNatural, sortBlockRows, sortPucRows } from './sort.js';

describe('compareNatural', () => {
  it.each([
    ['PUC 2', 'PUC 10'],
    ['C0042', 'C1234'],
    ['C1234', 'P0042'],
    ['P0042', 'P42'], // same number: the plain string order decides
    ['C1', 'c1'],
    ['P42', 'PUC 1'],
    ['A', 'A1'],
    ['', 'A'],
  ])('%s before %s', (a, b) => {
    expect(compareNatural(a, b)).toBeLessThan(0);
    expect(compareNatural(b, a)).toBeGreaterThan(0);
  });

  it('is 0 only for identical strings', () => {
    expect(compareNatural('PUC 2', 'PUC 2')).toBe(0);
    expect(compareNatural('puc 2', 'PUC 2')).not.toBe(0);
  });
});

describe('sortPucRows', () => {
  it('orders by PUC naturally and leaves the input alone', () => {
    const input = ['PUC 10', 'PUC 2', 'puc 1', 'C1234', 'P0042', 'C0042', 'P42'].map((puc) => ({ puc }));
    const sorted = sortPucRows(input);
    expect(sorted.map((r) => r.puc)).toEqual(['C0042', 'C1234', 'P0042', 'P42', 'puc 1', 'PUC 2', 'PUC 10']);
    expect(input[0]?.puc).toBe('PUC 10');
  });

  it('keeps rows of one PUC in their order', () => {
    const rows = [{ puc: 'B2', n: 1 }, { puc: 'A1', n: 2 }, { puc: 'B2', n: 3 }];
    expect(sortPucRows(rows).map((r) => r.n)).toEqual([2, 1, 3]);
  });
});

describe('sortBlockRows', () => {
  it('puts linked blocks first by name, then unlinked rows by production block', () => {
    const rows = [
      { id: 'u7', citrii_Block: null, citrii_Block_Id: null, production_Block: 7, variety: 'Navel' },
      { id: 'b10', citrii_Block: 'Block 10', citrii_Block_Id: 1, production_Block: 1, variety: 'Navel' },
      { id: 'u3', citrii_Block: null, citrii_Block_Id: null, production_Block: 3, variety: 'Navel' },
      { id: 'b2-navel', citrii_Block: 'Block 2', citrii_Block_Id: 2, production_Block: 5, variety: 'Navel' },
      { id: 'b2-lemon', citrii_Block: 'Block 2', citrii_Block_Id: 3, production_Block: 6, variety: 'Eureka' },
      { id: 'b2-navel-4', citrii_Block: 'Block 2', citrii_Block_Id: 4, production_Block: 4, variety: 'Navel' },
    ];
    expect(sortBlockRows(rows).map((r) => r.id)).toEqual(['b2-lemon', 'b2-navel-4', 'b2-navel', 'b10', 'u3', 'u7']);
  });
});
