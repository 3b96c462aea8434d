import { fieldAreaOpeners, PERMISSIONS } from '@orchard/shared/core';
import { storedMenuPermission, type MenuItem } from '@orchard/shared/shell';
import { describe, expect, it } from 'vitest';
import type { MenuRow } from './menu.repository';
import { buildMenuTree, chooseLandingPage } from './menu.service';

const row = (id: string, parentId: string | null, url: string | null, permission: string | null, sort: number): MenuRow => ({
  id,
  parentId,
  displayName: id.toUpperCase(),
  icon: null,
  url,
  permission,
  superUserOnly: false,
  sort,
});

const ids = (items: readonly MenuItem[]): unknown[] => items.map((i) => (i.items.length ? [i.id, ids(i.items)] : i.id));

describe('buildMenuTree', () => {
  const rows = [
    row('b', null, null, null, 20),
    row('b.y', 'b', '/b/y', 'p.y', 20),
    row('b.x', 'b', '/b/x', 'p.x', 10),
    row('a', null, '/a', null, 10),
    row('c', null, null, null, 30),
    row('c.sub', 'c', null, null, 10),
    row('c.sub.leaf', 'c.sub', '/c/sub/leaf', 'p.deep', 10),
    row('orphan', 'missing-parent', '/orphan', null, 1),
  ];

  it('keeps leaves without a permission and those whose permission is held, in sort order', () => {
    expect(ids(buildMenuTree(rows, new Set(['p.x', 'p.y'])))).toEqual(['a', ['b', ['b.x', 'b.y']]]);
  });

  it('drops a branch whose every descendant is out of reach, at any depth', () => {
    expect(ids(buildMenuTree(rows, new Set()))).toEqual(['a']);
    expect(ids(buildMenuTree(rows, new Set(['p.deep'])))).toEqual(['a', ['c', [['c.sub', ['c.sub.leaf']]]]]);
  });

  it('marks branches with hasSubItems and leaves without, and copies the display fields', () => {
    const [a, b] = buildMenuTree(rows, new Set(['p.x']));
    expect(a).toEqual({ id: 'a', displayName: 'A', icon: null, url: '/a', hasSubItems: false, items: [] });
    expect(b).toMatchObject({ id: 'b', url: null, hasSubItems: true });
  });

  it('never shows rows whose parent is not among the rows, and survives a parent cycle', () => {
    const cyclic = [row('x', 'y', '/x', null, 1), row('y', 'x', null, null, 1), row('a', null, '/a', null, 1)];
    expect(ids(buildMenuTree(cyclic, new Set()))).toEqual(['a']);
    expect(ids(buildMenuTree(rows, new Set(['p.x', 'p.y', 'p.deep'])))).not.toContain('orphan');
  });

  it('keeps an entry naming several permissions for a holder of any one of them (a Field Data screen: its view or its capture permission)', () => {
    const field = [row('f', null, null, null, 10), row('f.s', 'f', '/f/s', storedMenuPermission(fieldAreaOpeners('scouting')), 10)];
    expect(ids(buildMenuTree(field, new Set([PERMISSIONS.scoutingView])))).toEqual([['f', ['f.s']]]);
    expect(ids(buildMenuTree(field, new Set([PERMISSIONS.scoutingCapture])))).toEqual([['f', ['f.s']]]);
    expect(ids(buildMenuTree(field, new Set([PERMISSIONS.trapsView])))).toEqual([]);
  });

  it('leaves out a branch that itself needs a permission the user lacks', () => {
    const gated = [row('g', null, null, 'p.g', 1), row('g.leaf', 'g', '/g', null, 1)];
    expect(ids(buildMenuTree(gated, new Set()))).toEqual([]);
    expect(ids(buildMenuTree(gated, new Set(['p.g'])))).toEqual([['g', ['g.leaf']]]);
  });

  it('keeps super-user-only rows (and what is under them) for super users only, whatever the permissions', () => {
    const system = [
      row('s', null, null, null, 1),
      { ...row('s.update', 's', '/s/update', null, 1), superUserOnly: true },
      { ...row('s.ops', 's', null, null, 2), superUserOnly: true },
      row('s.ops.leaf', 's.ops', '/s/ops', null, 1),
      row('a', null, '/a', null, 2),
    ];
    expect(ids(buildMenuTree(system, new Set(['p.x'])))).toEqual(['a']);
    expect(ids(buildMenuTree(system, new Set(), false))).toEqual(['a']);
    expect(ids(buildMenuTree(system, new Set(), true))).toEqual([['s', ['s.update', ['s.ops', ['s.ops.leaf']]]], 'a']);
  });
});

describe('chooseLandingPage', () => {
  const menu = buildMenuTree(
    [
      row('top', null, null, null, 10),
      row('top.first', 'top', '/first', null, 10),
      row('top.second', 'top', '/second', null, 20),
      row('last', null, '/last', null, 20),
    ],
    new Set(),
  );

  it("takes the first role's page that names one, when it is in the menu", () => {
    expect(chooseLandingPage(menu, [null, 'last', 'top.second'])).toBe('/last');
  });

  it('falls back to the first leaf depth-first when the page is not reachable or is a branch', () => {
    expect(chooseLandingPage(menu, ['gone'])).toBe('/first');
    expect(chooseLandingPage(menu, ['top'])).toBe('/first');
    expect(chooseLandingPage(menu, [])).toBe('/first');
  });

  it('answers null for an empty menu', () => {
    expect(chooseLandingPage([], ['last'])).toBeNull();
  });
});
