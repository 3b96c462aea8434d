/**
 * Builds the permission-filtered navigation menu and chooses the landing page. The tree rules
 * live in pure functions so they can be tested without a database.
 */
import { storedMenuPermissions, type MenuItem } from '@orchard/shared/shell';
import type { AppDb } from '../../db/client';
import { findAvailableMenuRowsCached, type MenuRow } from './menu.repository';
import { findUserRoles } from './me.repository';

/**
 * Nests the available rows under their parents and keeps what the permissions reach:
 * - a super-user-only item is left out, with everything under it, unless the user is a super user;
 * - an item whose own permission is set and not held is left out, with everything under it (an
 *   item naming several permissions is kept for a holder of any one of them);
 * - an item with a url (a leaf) is kept when allowed;
 * - an item without a url (a branch) is kept only while it still has a kept child.
 * Rows whose parent is not among the rows (unavailable or missing) never appear.
 */
export function buildMenuTree(rows: readonly MenuRow[], permissions: ReadonlySet<string>, isSuperUser = false): MenuItem[] {
  const children = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  for (const siblings of children.values()) {
    siblings.sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  // Rows reachable only through a parent cycle are never visited from the roots; `seen` guards
  // against a row being listed under two parents through bad data.
  const seen = new Set<string>();
  const build = (parentId: string | null): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      if (row.superUserOnly && !isSuperUser) continue;
      const needed = storedMenuPermissions(row.permission);
      if (needed.length > 0 && !needed.some((p) => permissions.has(p))) continue;
      const sub = build(row.id);
      if (row.url === null && sub.length === 0) continue;
      items.push({
        id: row.id,
        displayName: row.displayName,
        icon: row.icon,
        url: row.url,
        hasSubItems: sub.length > 0,
        items: sub,
      });
    }
    return items;
  };
  return build(null);
}

/** Depth-first, in menu order. */
function* leaves(items: readonly MenuItem[]): Generator<MenuItem> {
  for (const item of items) {
    if (item.url !== null) yield item;
    yield* leaves(item.items);
  }
}

/**
 * The page to open after sign-in or an organisation switch: the landing page of the user's first
 * role (lowest id) that names one, while that page is still in the user's menu; otherwise the
 * first page of the menu; null when the menu is empty.
 */
export function chooseLandingPage(
  menu: readonly MenuItem[],
  roleLandingPages: readonly (string | null)[],
): string | null {
  const chosen = roleLandingPages.find((page): page is string => page !== null && page !== '');
  if (chosen !== undefined) {
    for (const leaf of leaves(menu)) {
      if (leaf.id === chosen) return leaf.url;
    }
  }
  const first = leaves(menu).next();
  return first.done ? null : first.value.url;
}

/**
 * The menu of a user holding `permissions`; super-user-only entries only for a super user. Without
 * `isSuperUser` (a role's permission set, e.g. the landing-page picker) they are never part of it.
 */
export async function getMenu(db: AppDb, permissions: ReadonlySet<string>, isSuperUser = false): Promise<MenuItem[]> {
  return buildMenuTree(await findAvailableMenuRowsCached(db), permissions, isSuperUser);
}

export async function getDefaultPage(
  db: AppDb,
  ctx: { userId: number; organizationId: number; permissions: ReadonlySet<string>; isSuperUser: boolean },
): Promise<{ url: string | null }> {
  const [menu, roles] = await Promise.all([
    getMenu(db, ctx.permissions, ctx.isSuperUser),
    findUserRoles(db, ctx.userId, ctx.organizationId),
  ]);
  return { url: chooseLandingPage(menu, roles.map((r) => r.defaultLandingPage)) };
}
