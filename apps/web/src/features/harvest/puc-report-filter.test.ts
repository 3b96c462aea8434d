import { describe, expect, it } from 'vitest';
import { ALL_FILTER, ALL_VALUE, choosePackhouse, chooseVariety, fromOption, toOption } from './puc-report-filter';

describe('Harvest PUC report filter', () => {
  it('starts at All / All', () => {
    expect(ALL_FILTER).toEqual({ packhouse: null, variety: null });
  });

  it('changing the packhouse resets the variety to All', () => {
    const chosen = chooseVariety(choosePackhouse(ALL_FILTER, 1), 4);
    expect(chosen).toEqual({ packhouse: 1, variety: 4 });
    expect(choosePackhouse(chosen, 2)).toEqual({ packhouse: 2, variety: null });
    expect(choosePackhouse(chosen, null)).toEqual({ packhouse: null, variety: null });
  });

  it('choosing the same packhouse again keeps the variety', () => {
    const chosen = { packhouse: 1, variety: 4 };
    expect(choosePackhouse(chosen, 1)).toBe(chosen);
  });

  it('All is a real dropdown value and maps back to no filter', () => {
    expect(toOption(null)).toBe(ALL_VALUE);
    expect(toOption(3)).toBe(3);
    expect(fromOption(ALL_VALUE)).toBeNull();
    expect(fromOption(3)).toBe(3);
    expect(fromOption(undefined)).toBeNull();
  });
});
