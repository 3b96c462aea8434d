/**
 * Farm Setup's tabs, each with an address of its own: the URL fragment names the tab on screen
 * (/management/farm-setup#pucs), so a tab is bookmarked, and Back returns to the tab before. A
 * fragment naming no tab (or none) opens the first, and the URL is corrected to it.
 */
export const FARM_SETUP_TABS = [
  { key: 'legalEntities', fragment: 'legal-entities' },
  { key: 'farms', fragment: 'farms' },
  { key: 'farmBlocks', fragment: 'farm-blocks' },
  { key: 'pucs', fragment: 'pucs' },
  { key: 'blocks', fragment: 'blocks' },
  { key: 'varieties', fragment: 'varieties' },
  { key: 'commodities', fragment: 'commodities' },
] as const;

export type FarmSetupTabKey = (typeof FARM_SETUP_TABS)[number]['key'];

/** The index of the tab a fragment ('#pucs' or 'pucs') names, the first tab for any other. */
export function farmSetupTabIndex(hash: string): number {
  let wanted = hash.replace(/^#/, '');
  try {
    wanted = decodeURIComponent(wanted);
  } catch {
    // a malformed escape names no tab
  }
  const index = FARM_SETUP_TABS.findIndex((tab) => tab.fragment === wanted.toLowerCase());
  return index < 0 ? 0 : index;
}

/** The fragment (without '#') of the tab at this index. */
export const farmSetupTabFragment = (index: number): string => (FARM_SETUP_TABS[index] ?? FARM_SETUP_TABS[0]).fragment;
