import { describe, expect, it } from 'vitest';
import { organizationRows } from './organization-rows';

describe('organizationRows', () => {
  it('joins each list item with its counts by id, in the order of the list', () => {
    expect(
      organizationRows({
        organizations: [
          { id: 7, name: 'Alpha', contactRow: { fullName: 'Anna Botha' }, default_Legal_EntityRow: { name: 'Alpha (Pty) Ltd' } },
          { id: 3, name: 'Beta', contactRow: null, default_Legal_EntityRow: null },
          { id: 9, name: 'Gamma', contactRow: { fullName: 'Gert' }, default_Legal_EntityRow: null },
        ],
        counts: [
          { id: 3, farm_Count: 0, user_Count: 2 },
          { id: 7, farm_Count: 6, user_Count: 12 },
        ],
        totalRecords: 3,
        page: 1,
        pageSize: 20,
      }),
    ).toEqual([
      { id: 7, name: 'Alpha', adminName: 'Anna Botha', defaultLegalEntity: 'Alpha (Pty) Ltd', farmCount: 6, userCount: 12 },
      { id: 3, name: 'Beta', adminName: '', defaultLegalEntity: '', farmCount: 0, userCount: 2 },
      { id: 9, name: 'Gamma', adminName: 'Gert', defaultLegalEntity: '', farmCount: null, userCount: null },
    ]);
  });

  it('has no rows before the first answer', () => {
    expect(organizationRows(undefined)).toEqual([]);
  });
});
