/**
 * Farm Setup's tabs, each with an address of its own: the URL fragment names the tab on screen
 * (/management/farmsetup#pucs), so a tab is bookmarked, and Back returns to the tab before. A
 * fragment naming no tab (or none) opens the first, and the URL is corrected to it. The fragments
 * live in config/paths.ts, where other screens' links to a tab find them.
 */
import { FARM_SETUP_TAB_FRAGMENTS } from '../../config/paths';

export type FarmSetupTabKey = keyof typeof FARM_SETUP_TAB_FRAGMENTS;

export const FARM_SETUP_TABS: readonly { key: FarmSetupTabKey; fragment: string }[] = (Object.keys(FARM_SETUP_TAB_FRAGMENTS) as FarmSetupTabKey[]).map(
  (key) => ({ key, fragment: FARM_SETUP_TAB_FRAGMENTS[key] }),
);

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
export const farmSetupTabFragment = (index: number): string => FARM_SETUP_TABS[index]?.fragment ?? FARM_SETUP_TAB_FRAGMENTS.legalEntities;
