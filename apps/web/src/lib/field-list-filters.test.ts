import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, fieldListLink, filtersFromSearch } from './field-list-filters';

describe('field list filters in an address', () => {
  it('a link names the filters that are set, and reads back as the same filters', () => {
    const link = fieldListLink('/field/scouting', { farmId: 3, blockId: 41, from: '2026-11-14', to: '2026-11-24' });
    expect(link).toBe('/field/scouting?farmId=3&blockId=41&from=2026-11-14&to=2026-11-24');
    expect(filtersFromSearch(link.slice(link.indexOf('?')))).toEqual({ farmId: 3, blockId: 41, from: '2026-11-14', to: '2026-11-24' });
    expect(fieldListLink('/field/traps', { farmId: 3, blockId: 41 })).toBe('/field/traps?farmId=3&blockId=41');
    expect(fieldListLink('/field/traps', {})).toBe('/field/traps');
  });

  it('an address without filters, or with values the API would refuse, opens the whole list', () => {
    expect(filtersFromSearch('')).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearch('?farmId=abc&blockId=-2&from=2026-02-30&to=yesterday')).toEqual(EMPTY_FILTERS);
    expect(filtersFromSearch('?farmId=1.5&blockId=99999999999')).toEqual(EMPTY_FILTERS);
  });

  it('keeps the valid filters beside a refused one, and drops a range whose days are in the wrong order', () => {
    expect(filtersFromSearch('?farmId=7&blockId=x&from=2026-11-01')).toEqual({ farmId: 7, blockId: null, from: '2026-11-01', to: '' });
    expect(filtersFromSearch('?farmId=7&from=2026-11-20&to=2026-11-01')).toEqual({ farmId: 7, blockId: null, from: '', to: '' });
  });
});
