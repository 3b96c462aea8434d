import { describe, expect, it } from 'vitest';
import type { Role } from '@orchard/shared/roles';
import { placeSavedRole, removeRole, withIndex } from './roles-list';

const role = (id: number, name: string): Role => ({
  id,
  name,
  description: null,
  usersCount: 0,
  default_Landing_Page: null,
  permissions: [],
  version: 1,
});

describe('roles list after a save', () => {
  const rows = withIndex([role(1, 'Admin'), role(2, 'Manager'), role(3, 'Viewer')]);

  it('numbers the rows from 1', () => {
    expect(rows.map((r) => r.index)).toEqual([1, 2, 3]);
  });

  it('moves an edited role to the top, keeping its index and taking the saved values', () => {
    const next = placeSavedRole(rows, { ...role(3, 'Viewers'), version: 2 });
    expect(next.map((r) => [r.id, r.index, r.name])).toEqual([
      [3, 3, 'Viewers'],
      [1, 1, 'Admin'],
      [2, 2, 'Manager'],
    ]);
  });

  it('inserts a new role at the top with the highest index plus 1', () => {
    const moved = placeSavedRole(rows, role(1, 'Admin'));
    const next = placeSavedRole(moved, role(9, 'Packers'));
    expect(next.map((r) => [r.id, r.index])).toEqual([
      [9, 4],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('removes a deleted role only when asked (after the server succeeded)', () => {
    expect(removeRole(rows, 2).map((r) => r.id)).toEqual([1, 3]);
  });
});
