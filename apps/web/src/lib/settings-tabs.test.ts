import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orchard/shared/core';
import { MENU_CATALOGUE } from '@orchard/shared/shell';
import { allowedTabs, resolveTab } from './settings-tabs';

const holding =
  (...perms: string[]) =>
  (p: string) =>
    perms.includes(p);

describe('settings tabs by fragment', () => {
  it('shows only the tabs the user may see', () => {
    expect(allowedTabs(holding(PERMISSIONS.usersView, PERMISSIONS.rolesView)).map((t) => t.key)).toEqual(['users', 'roles']);
    expect(allowedTabs(holding(PERMISSIONS.rolesView)).map((t) => t.key)).toEqual(['roles']);
    expect(allowedTabs(holding())).toEqual([]);
  });

  it('a fragment picks its tab; a tab the user lacks, an unknown or no fragment opens the first allowed tab', () => {
    const both = holding(PERMISSIONS.usersView, PERMISSIONS.rolesView);
    expect(resolveTab('#roles', both)).toBe('roles');
    expect(resolveTab('#users', both)).toBe('users');
    expect(resolveTab('', both)).toBe('users');
    expect(resolveTab('#nope', both)).toBe('users');
    expect(resolveTab('#users', holding(PERMISSIONS.rolesView))).toBe('roles');
    expect(resolveTab('#roles', holding(PERMISSIONS.usersView))).toBe('users');
    expect(resolveTab('#users', holding())).toBeNull();
  });

  it('the tabs are the menu entries of /settings with their permissions', () => {
    const entries = MENU_CATALOGUE.filter((d) => d.url?.startsWith('/settings#'));
    expect(entries.map((d) => [d.url, d.permission, d.available])).toEqual([
      ['/settings#users', PERMISSIONS.usersView, true],
      ['/settings#roles', PERMISSIONS.rolesView, true],
    ]);
  });
});
