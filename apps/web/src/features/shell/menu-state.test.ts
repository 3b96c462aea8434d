import { describe, expect, it } from 'vitest';
import { MENU_TYPEAHEAD_RESET_MS } from '../../lib/ui-constants';
import {
  emptyTypeahead,
  expandedFor,
  findTypeaheadMatch,
  isCurrentUrl,
  isDisabled,
  toggleItem,
  typeaheadKey,
  visibleItems,
  type MenuNode,
} from './menu-state';

const node = (id: string, items: MenuNode[] = [], url: string | null = items.length ? null : `/${id}`): MenuNode => ({
  id,
  displayName: id,
  url,
  items,
});

const tree: MenuNode[] = [
  node('dashboard'),
  node('packhouse', [node('reports', [node('puc'), node('block')]), node('picking')]),
  node('management', [node('inputchecks'), node('logins')]),
  node('empty', [], null),
];

describe('toggleItem', () => {
  it('opens an item', () => {
    expect([...toggleItem(tree, new Set(), 'packhouse')]).toEqual(['packhouse']);
  });

  it('opening one top-level item collapses the others and their descendants', () => {
    let s = toggleItem(tree, new Set(), 'packhouse');
    s = toggleItem(tree, s, 'reports');
    s = toggleItem(tree, s, 'management');
    expect([...s]).toEqual(['management']);
  });

  it('opening a nested item keeps its ancestors and siblings open', () => {
    let s = toggleItem(tree, new Set(), 'packhouse');
    s = toggleItem(tree, s, 'reports');
    expect(new Set(s)).toEqual(new Set(['packhouse', 'reports']));
  });

  it('collapsing an item collapses all its descendants', () => {
    let s = toggleItem(tree, new Set(), 'packhouse');
    s = toggleItem(tree, s, 'reports');
    s = toggleItem(tree, s, 'packhouse');
    expect(s.size).toBe(0);
    // re-opening shows the child collapsed
    s = toggleItem(tree, s, 'packhouse');
    expect([...s]).toEqual(['packhouse']);
  });

  it('leaves, disabled and unknown items do nothing', () => {
    const s = new Set(['packhouse']);
    expect(toggleItem(tree, s, 'dashboard')).toBe(s);
    expect(toggleItem(tree, s, 'empty')).toBe(s);
    expect(toggleItem(tree, s, 'nope')).toBe(s);
    expect(isDisabled(tree[3]!)).toBe(true);
    expect(isDisabled(tree[0]!)).toBe(false);
    expect(isDisabled(tree[1]!)).toBe(false);
  });
});

describe('expandedFor and visibleItems', () => {
  it('opens the branches above the current leaf', () => {
    expect(new Set(expandedFor(tree, (i) => i.url === '/block'))).toEqual(new Set(['packhouse', 'reports']));
    expect(expandedFor(tree, (i) => i.url === '/dashboard').size).toBe(0);
  });

  it('lists only items inside open branches', () => {
    const ids = visibleItems(tree, new Set(['packhouse'])).map((i) => i.id);
    expect(ids).toEqual(['dashboard', 'packhouse', 'reports', 'picking', 'management', 'empty']);
  });
});

describe('type-ahead', () => {
  it('accumulates keys typed within the reset window', () => {
    let s = typeaheadKey(emptyTypeahead, 'm', 1000);
    s = typeaheadKey(s, 'a', 1000 + MENU_TYPEAHEAD_RESET_MS - 1);
    expect(s.buffer).toBe('ma');
  });

  it('resets the buffer 500 ms after the last key', () => {
    expect(MENU_TYPEAHEAD_RESET_MS).toBe(500);
    let s = typeaheadKey(emptyTypeahead, 'm', 1000);
    s = typeaheadKey(s, 'p', 1000 + 500);
    expect(s.buffer).toBe('p');
  });

  it('finds the matching item, case-insensitively', () => {
    const labels = ['Dashboard', 'Packhouse', 'Picking', 'Management'];
    expect(findTypeaheadMatch(labels, 'm', 0)).toBe(3);
    expect(findTypeaheadMatch(labels, 'pi', 0)).toBe(2);
    expect(findTypeaheadMatch(labels, 'PA', -1)).toBe(1);
    expect(findTypeaheadMatch(labels, 'x', 0)).toBe(-1);
  });

  it('cycles through items starting with a repeated letter', () => {
    const labels = ['Dashboard', 'Packhouse', 'Picking', 'Management'];
    expect(findTypeaheadMatch(labels, 'p', 0)).toBe(1);
    expect(findTypeaheadMatch(labels, 'p', 1)).toBe(2);
    expect(findTypeaheadMatch(labels, 'pp', 2)).toBe(1);
  });

  it('keeps the current item while a longer buffer still matches it', () => {
    const labels = ['Packhouse', 'Picking Schedule', 'Picking Report'];
    expect(findTypeaheadMatch(labels, 'pic', 1)).toBe(1);
  });
});

describe('isCurrentUrl', () => {
  const at = (pathname: string, hash = '') => ({ pathname, hash });
  it('matches the path exactly (a trailing slash aside)', () => {
    expect(isCurrentUrl('/dashboard', at('/dashboard'))).toBe(true);
    expect(isCurrentUrl('/dashboard', at('/dashboard/'))).toBe(true);
    expect(isCurrentUrl('/dashboard', at('/dashboard/x'))).toBe(false);
    expect(isCurrentUrl('/settings/profile', at('/settings'))).toBe(false);
  });
  it('a URL with a fragment is current only with that fragment: one tab of a page, not every tab', () => {
    expect(isCurrentUrl('/settings#users', at('/settings', '#users'))).toBe(true);
    expect(isCurrentUrl('/settings#roles', at('/settings', '#users'))).toBe(false);
    expect(isCurrentUrl('/settings#users', at('/settings', '#USERS'))).toBe(true);
    expect(isCurrentUrl('/settings#users', at('/settings'))).toBe(false);
  });
  it('a URL without a fragment ignores the fragment shown', () => {
    expect(isCurrentUrl('/harvest', at('/harvest', '#top'))).toBe(true);
  });
});
