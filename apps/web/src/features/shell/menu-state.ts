/**
 * Pure state rules of the navigation menu (docs/domain.md, Screens and layout): opening a top-level item collapses the
 * others, collapsing an item collapses all its descendants, disabled items do nothing, and the
 * type-ahead buffer resets 500 ms after the last key.
 */
import { MENU_TYPEAHEAD_RESET_MS } from '../../lib/ui-constants';

export interface MenuNode {
  id: string;
  displayName: string;
  url: string | null;
  items: MenuNode[];
}

export type Expanded = ReadonlySet<string>;

/** An item that neither opens nor navigates. */
/**
 * Whether a menu leaf's URL is the page shown: the same path, and, when the URL names a fragment
 * (/settings#users, /settings#roles: tabs of one page), the same fragment, ignoring case. A URL
 * without a fragment matches its path whatever the fragment.
 */
export function isCurrentUrl(url: string, location: { pathname: string; hash: string }): boolean {
  const at = url.indexOf('#');
  const path = at < 0 ? url : url.slice(0, at);
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  if (trim(path) !== trim(location.pathname)) return false;
  if (at < 0) return true;
  return url.slice(at + 1).toLowerCase() === location.hash.replace(/^#/, '').toLowerCase();
}

export function isDisabled(item: MenuNode): boolean {
  return item.items.length === 0 && !item.url;
}

/** The item and its ancestors, root first; null when the id is not in the tree. */
export function pathTo(items: readonly MenuNode[], id: string): MenuNode[] | null {
  for (const item of items) {
    if (item.id === id) return [item];
    const sub = pathTo(item.items, id);
    if (sub) return [item, ...sub];
  }
  return null;
}

export function descendantIds(item: MenuNode): string[] {
  return item.items.flatMap((child) => [child.id, ...descendantIds(child)]);
}

function collapse(next: Set<string>, item: MenuNode): void {
  next.delete(item.id);
  for (const id of descendantIds(item)) next.delete(id);
}

export function toggleItem(items: readonly MenuNode[], expanded: Expanded, id: string): Expanded {
  const path = pathTo(items, id);
  const item = path?.[path.length - 1];
  if (!path || !item || item.items.length === 0) return expanded;
  const next = new Set(expanded);
  if (expanded.has(id)) {
    collapse(next, item);
    return next;
  }
  if (path.length === 1) {
    for (const top of items) if (top.id !== id) collapse(next, top);
  }
  next.add(id);
  return next;
}

/** Branches to open so the leaf matching the predicate is visible. */
export function expandedFor(items: readonly MenuNode[], isCurrent: (item: MenuNode) => boolean): Expanded {
  const find = (list: readonly MenuNode[], trail: string[]): string[] | null => {
    for (const item of list) {
      if (item.items.length === 0 && isCurrent(item)) return trail;
      const found = find(item.items, [...trail, item.id]);
      if (found) return found;
    }
    return null;
  };
  return new Set(find(items, []) ?? []);
}

/** Items a user can currently see (inside open branches), in display order. */
export function visibleItems(items: readonly MenuNode[], expanded: Expanded): MenuNode[] {
  return items.flatMap((item) => [item, ...(expanded.has(item.id) ? visibleItems(item.items, expanded) : [])]);
}

export interface TypeaheadState {
  buffer: string;
  lastKeyAt: number;
}

export const emptyTypeahead: TypeaheadState = { buffer: '', lastKeyAt: -Infinity };

export function typeaheadKey(state: TypeaheadState, key: string, now: number, resetMs = MENU_TYPEAHEAD_RESET_MS): TypeaheadState {
  const buffer = now - state.lastKeyAt >= resetMs ? key : state.buffer + key;
  return { buffer, lastKeyAt: now };
}

/**
 * Index of the item the buffer selects. A single key (or the same key repeated) moves to the next
 * match after the current item; a longer buffer keeps the current item while it still matches.
 */
export function findTypeaheadMatch(labels: readonly string[], buffer: string, currentIndex: number): number {
  if (!buffer || labels.length === 0) return -1;
  const query = buffer.toLocaleLowerCase();
  const repeated = [...query].every((c) => c === query[0]);
  const search = repeated ? query[0]! : query;
  const start = repeated ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let i = 0; i < labels.length; i++) {
    const index = (start + i + labels.length) % labels.length;
    if (labels[index]!.toLocaleLowerCase().startsWith(search)) return index;
  }
  return -1;
}
