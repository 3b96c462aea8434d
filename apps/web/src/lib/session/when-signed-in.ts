/**
 * Runs `then` once, as soon as the session restored at start-up is signed in to an organisation
 * (status authenticated; the organisation's permissions are in the query cache by then: see
 * loadOrganizationContext), with that organisation and what the signed-in user may do. Never runs
 * when the restore ends anonymous. Called from the session store's own notification, before React
 * draws the shell: work started here (a page's first data) goes out while the shell renders.
 */
import { queryClient } from '../query-client';
import { meQueryOptions, permissionsQueryOptions } from './session-queries';
import { sessionStore, type SessionState } from './session-store';

export interface SignedIn {
  organizationId: number;
  permissions: readonly string[];
  isSuperUser: boolean;
}

function signedIn(state: SessionState): SignedIn | null {
  if (state.status !== 'authenticated' || state.organizationId == null) return null;
  const permissions = queryClient.getQueryData(permissionsQueryOptions(state.organizationId).queryKey);
  if (permissions === undefined) return null;
  const user = queryClient.getQueryData(meQueryOptions(state.userId).queryKey);
  return { organizationId: state.organizationId, permissions, isSuperUser: user?.isSuperUser ?? false };
}

export function whenSignedIn(then: (session: SignedIn) => void): void {
  const now = signedIn(sessionStore.getState());
  if (now) return then(now);
  const stop = sessionStore.subscribe(() => {
    const state = sessionStore.getState();
    if (state.status === 'anonymous') return stop();
    const session = signedIn(state);
    if (!session) return;
    stop();
    then(session);
  });
}
