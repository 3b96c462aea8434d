/** Helpers over the server's nested menu data. */
import type { MenuItem } from '@orchard/shared/shell';

/** Leaves (items that navigate) in menu order, depth first. */
export function menuLeaves(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.items.length) walk(item.items);
      else if (item.url) out.push(item);
    }
  };
  walk(items);
  return out;
}

export function firstMenuLeafUrl(items: readonly MenuItem[]): string | null {
  return menuLeaves(items)[0]?.url ?? null;
}

/** Client URLs always start with "/". */
export function normaliseUrl(url: string): string {
  return url.startsWith('/') ? url : `/${url}`;
}

/** Whether the menu has a screen at this path (a link only to a screen the user can open). */
export function menuHasScreen(items: readonly MenuItem[], path: string): boolean {
  return menuLeaves(items).some((leaf) => leaf.url !== null && normaliseUrl(leaf.url).split('#')[0] === path);
}
