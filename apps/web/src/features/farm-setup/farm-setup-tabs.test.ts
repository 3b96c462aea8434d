import { describe, expect, it } from 'vitest';
import { FARM_SETUP_TABS, farmSetupTabFragment, farmSetupTabIndex } from './farm-setup-tabs';

describe('Farm Setup tab addresses', () => {
  it('every tab has a fragment that leads back to it', () => {
    FARM_SETUP_TABS.forEach((_tab, index) => expect(farmSetupTabIndex(`#${farmSetupTabFragment(index)}`)).toBe(index));
    expect(new Set(FARM_SETUP_TABS.map((t) => t.fragment)).size).toBe(FARM_SETUP_TABS.length);
  });

  it('reads the fragment with or without #, in any case', () => {
    expect(farmSetupTabIndex('#pucs')).toBe(3);
    expect(farmSetupTabIndex('Farm-Blocks')).toBe(2);
  });

  it('opens the first tab for no, unknown or malformed fragments', () => {
    for (const hash of ['', '#', '#nope', '#%E0%A4%A', '#constructor']) expect(farmSetupTabIndex(hash)).toBe(0);
  });
});
