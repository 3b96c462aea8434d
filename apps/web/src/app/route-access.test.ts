import { describe, expect, it } from 'vitest';
import { mayOpenRoute } from './route-access';

describe('mayOpenRoute', () => {
  const member = { permissions: ['users.view'], isSuperUser: false };
  const superUser = { permissions: [], isSuperUser: true };

  it('opens a route without a permission to every member, a listed one to a holder of any of them', () => {
    expect(mayOpenRoute({ permission: null, superUserOnly: false }, member)).toBe(true);
    expect(mayOpenRoute({ permission: [], superUserOnly: false }, member)).toBe(true);
    expect(mayOpenRoute({ permission: 'users.view', superUserOnly: false }, member)).toBe(true);
    expect(mayOpenRoute({ permission: ['roles.view', 'users.view'], superUserOnly: false }, member)).toBe(true);
    expect(mayOpenRoute({ permission: ['roles.view'], superUserOnly: false }, member)).toBe(false);
    expect(mayOpenRoute({ permission: 'roles.view', superUserOnly: false }, superUser)).toBe(false);
  });

  it('opens a super-user-only route to super users alone, whatever the permissions', () => {
    expect(mayOpenRoute({ permission: null, superUserOnly: true }, superUser)).toBe(true);
    expect(mayOpenRoute({ permission: null, superUserOnly: true }, member)).toBe(false);
    expect(mayOpenRoute({ permission: 'users.view', superUserOnly: true }, member)).toBe(false);
  });
});
