import { describe, expect, it } from 'vitest';
import { matchesStatus, userStatuses } from './user-status';

const active = { isLockedOut: false, isEnabled: true };
const locked = { isLockedOut: true, isEnabled: true };
const disabled = { isLockedOut: false, isEnabled: false };
const both = { isLockedOut: true, isEnabled: false };

describe('user status', () => {
  it('marks locked-out and disabled users, both when both', () => {
    expect(userStatuses(active)).toEqual([]);
    expect(userStatuses(locked)).toEqual(['lockedOut']);
    expect(userStatuses(disabled)).toEqual(['disabled']);
    expect(userStatuses(both)).toEqual(['lockedOut', 'disabled']);
  });
  it('filters: all keeps everyone; a status keeps the users who have it', () => {
    const users = [active, locked, disabled, both];
    expect(users.filter((u) => matchesStatus(u, 'all'))).toHaveLength(4);
    expect(users.filter((u) => matchesStatus(u, 'lockedOut'))).toEqual([locked, both]);
    expect(users.filter((u) => matchesStatus(u, 'disabled'))).toEqual([disabled, both]);
  });
});
