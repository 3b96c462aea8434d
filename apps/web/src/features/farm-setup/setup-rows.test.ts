import { describe, expect, it } from 'vitest';
import { setupRowMatches, sortSetupRows } from './setup-rows';

describe('Farm Setup list search', () => {
  it('matches any shown cell, ignoring case and surrounding spaces; an empty search matches every row', () => {
    expect(setupRowMatches(['Kransvlei', 'Citrus Valley (Pty) Ltd'], '  valley ')).toBe(true);
    expect(setupRowMatches(['Kransvlei', 'Citrus Valley (Pty) Ltd'], 'KRANS')).toBe(true);
    expect(setupRowMatches(['Kransvlei', ''], 'goedehoop')).toBe(false);
    expect(setupRowMatches([], '   ')).toBe(true);
  });
});

describe('Farm Setup list sort', () => {
  const rows = [
    { name: 'C10', ha: 4.5 },
    { name: 'C2', ha: null },
    { name: 'c1', ha: 12 },
    { name: '', ha: 0.5 },
    { name: 'C2', ha: 3 },
  ];
  const names = (sorted: typeof rows) => sorted.map((r) => `${r.name}/${r.ha}`);

  it('sorts text in natural order, ignoring case; empty cells last in both orders; ties keep the list order', () => {
    expect(names(sortSetupRows(rows, (r) => r.name, 1))).toEqual(['c1/12', 'C2/null', 'C2/3', 'C10/4.5', '/0.5']);
    expect(names(sortSetupRows(rows, (r) => r.name, -1))).toEqual(['C10/4.5', 'C2/null', 'C2/3', 'c1/12', '/0.5']);
  });

  it('sorts numbers as numbers (12 after 4.5), no value last', () => {
    expect(names(sortSetupRows(rows, (r) => r.ha, 1))).toEqual(['/0.5', 'C2/3', 'C10/4.5', 'c1/12', 'C2/null']);
    expect(names(sortSetupRows(rows, (r) => r.ha, -1))).toEqual(['c1/12', 'C10/4.5', 'C2/3', '/0.5', 'C2/null']);
  });

  it('leaves the list order without a sort order, and never changes the list it was given', () => {
    const copy = [...rows];
    expect(sortSetupRows(rows, (r) => r.name, 0)).toEqual(rows);
    expect(sortSetupRows(rows, (r) => r.name, null)).toEqual(rows);
    sortSetupRows(rows, (r) => r.name, 1);
    expect(rows).toEqual(copy);
  });
});
