import { describe, expect, it } from 'vitest';
import type { PermissionInfo } from '@orchard/shared/roles';
import { groupPermissions, groupSelection, selectAll, selectNone, toggleGroup, togglePermission } from './permission-groups';

const p = (value: string, groupName: string): PermissionInfo => ({ value, claimId: value, groupName, name: value, description: '' });
const catalogue = [p('users.view', 'Users'), p('users.manage', 'Users'), p('roles.view', 'Roles'), p('users.resetPassword', 'Users'), p('roles.manage', 'Roles')];
const groups = groupPermissions(catalogue);

describe('permission groups', () => {
  it('groups by groupName in catalogue order', () => {
    expect(groups.map((g) => [g.groupName, g.permissions.map((x) => x.value)])).toEqual([
      ['Users', ['users.view', 'users.manage', 'users.resetPassword']],
      ['Roles', ['roles.view', 'roles.manage']],
    ]);
  });

  it('Select All selects every permission and Select None clears them', () => {
    expect(selectAll(groups)).toEqual(['users.view', 'users.manage', 'users.resetPassword', 'roles.view', 'roles.manage']);
    expect(selectNone()).toEqual([]);
  });

  it('the group toggle selects a partly selected group, then clears a fully selected one', () => {
    const partly = ['roles.view', 'users.manage'];
    expect(groupSelection(groups[0]!, partly)).toBe('some');
    const all = toggleGroup(groups, partly, 'Users');
    expect(all).toEqual(['users.view', 'users.manage', 'users.resetPassword', 'roles.view']);
    expect(groupSelection(groups[0]!, all)).toBe('all');
    const none = toggleGroup(groups, all, 'Users');
    expect(none).toEqual(['roles.view']);
    expect(groupSelection(groups[0]!, none)).toBe('none');
  });

  it('toggling one permission keeps the catalogue order', () => {
    expect(togglePermission(groups, ['roles.manage'], 'users.view')).toEqual(['users.view', 'roles.manage']);
    expect(togglePermission(groups, ['users.view', 'roles.manage'], 'users.view')).toEqual(['roles.manage']);
  });
});
