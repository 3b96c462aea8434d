import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../query-client';
import { meQueryOptions, permissionsQueryOptions } from './session-queries';
import { clearSession, sessionStore } from './session-store';
import { whenSignedIn } from './when-signed-in';

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe('whenSignedIn', () => {
  it('runs once, when the restored session is signed in to an organisation with its permissions known', () => {
    const then = vi.fn();
    whenSignedIn(then);
    sessionStore.setState({ userId: 7, organizationId: 3 });
    expect(then).not.toHaveBeenCalled();
    queryClient.setQueryData(permissionsQueryOptions(3).queryKey, ['picking.view']);
    queryClient.setQueryData(meQueryOptions(7).queryKey, { isSuperUser: true } as never);
    sessionStore.setState({ status: 'authenticated' });
    expect(then).toHaveBeenCalledTimes(1);
    expect(then).toHaveBeenCalledWith({ organizationId: 3, permissions: ['picking.view'], isSuperUser: true });
    sessionStore.setState({ organizationId: 4 });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once when already signed in, and never when the restore ends anonymous', () => {
    const never = vi.fn();
    whenSignedIn(never);
    clearSession();
    queryClient.setQueryData(permissionsQueryOptions(3).queryKey, []);
    sessionStore.setState({ status: 'authenticated', organizationId: 3 });
    expect(never).not.toHaveBeenCalled();

    const now = vi.fn();
    whenSignedIn(now);
    expect(now).toHaveBeenCalledWith({ organizationId: 3, permissions: [], isSuperUser: false });
  });
});
