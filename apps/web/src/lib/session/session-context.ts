/**
 * The sign-in, restore, organisation-switch and logout flows (docs/domain.md, Sign-in, the shell and organisation switching). They fill the
 * query cache and the session store; the screens that call them navigate and show the toasts.
 */
import type { CurrentUser, Organization } from '@orchard/shared/shell';
import {
  defaultPageQueryOptions,
  farmsQueryOptions,
  meQueryOptions,
  menuQueryOptions,
  organizationsQueryOptions,
  permissionsQueryOptions,
  rolesQueryOptions,
  setDefaultOrganization,
} from './session-queries';
import { firstMenuLeafUrl, normaliseUrl } from './menu-utils';
import { queryClient } from '../query-client';
import { logout } from './logout';
import { NoOrganizationError } from './session-errors';
import { clearSession, rememberedOrganizationId, sessionStore, setCurrentOrganization } from './session-store';

export interface EstablishedSession {
  user: CurrentUser;
  organization: Organization;
  landingPage: string;
}

/**
 * Everything that depends on the organisation: permissions and menu, the default landing page
 * (falling back to the first menu leaf), farms (first selected) and roles. Always refetches. The five
 * are asked side by side (none depends on another's answer), so the shell waits for one round trip
 * instead of four; if any fails, the whole load fails as before.
 */
async function fetchOrganizationContext(organizationId: number) {
  const fresh = { staleTime: 0 } as const;
  const [, menu, defaultPage, farms] = await Promise.all([
    queryClient.fetchQuery({ ...permissionsQueryOptions(organizationId), ...fresh }),
    queryClient.fetchQuery({ ...menuQueryOptions(organizationId), ...fresh }),
    queryClient.fetchQuery({ ...defaultPageQueryOptions(organizationId), ...fresh }),
    queryClient.fetchQuery({ ...farmsQueryOptions(organizationId), ...fresh }),
    queryClient.fetchQuery({ ...rolesQueryOptions(organizationId), ...fresh }),
  ]);
  return { menu, defaultPage, farms };
}

/** Makes a fetched organisation context the current one; returns its landing page. */
function applyOrganizationContext(organizationId: number, { menu, defaultPage, farms }: Awaited<ReturnType<typeof fetchOrganizationContext>>): string {
  const landingPage = normaliseUrl(defaultPage.url ?? firstMenuLeafUrl(menu) ?? '/');
  setCurrentOrganization(organizationId);
  sessionStore.setState({ selectedFarmId: farms[0]?.id ?? null, landingPage });
  return landingPage;
}

/** Loads the organisation's context (fetchOrganizationContext) and makes it the current one. */
export async function loadOrganizationContext(organizationId: number): Promise<string> {
  return applyOrganizationContext(organizationId, await fetchOrganizationContext(organizationId));
}

/** The signed-in user and their organisations, asked side by side. */
async function loadUserAndOrganizations() {
  const userId = sessionStore.getState().userId;
  const [user, organizations] = await Promise.all([
    queryClient.fetchQuery({ ...meQueryOptions(userId), staleTime: 0 }),
    queryClient.fetchQuery({ ...organizationsQueryOptions(userId), staleTime: 0 }),
  ]);
  return { user, organizations };
}

/** After a password sign-in (the token is already stored): docs/domain.md, After sign-in. */
export async function establishSession(): Promise<EstablishedSession> {
  const { user, organizations } = await loadUserAndOrganizations();
  const organization = organizations.find((o) => o.id === user.last_Organization) ?? organizations[0];
  if (!organization) throw new NoOrganizationError();
  await setDefaultOrganization(organization.id);
  const landingPage = await loadOrganizationContext(organization.id);
  sessionStore.setState({ status: 'authenticated', sessionExpired: false });
  return { user, organization, landingPage };
}

/**
 * On page load, after the silent refresh succeeded (see bootstrap.ts): the tab keeps the
 * organisation it used before the reload, else the user's last organisation, else the first.
 */
export async function restoreSession(): Promise<boolean> {
    try {
      // a reload keeps the tab's organisation: its context is asked beside the user and their
      // organisations (one round trip less), and used only if it is still one of theirs
      const remembered = rememberedOrganizationId();
      const early = remembered === null ? null : fetchOrganizationContext(remembered);
      early?.catch(() => undefined);
      const { user, organizations } = await loadUserAndOrganizations();
      const organization =
        organizations.find((o) => o.id === remembered) ??
        organizations.find((o) => o.id === user.last_Organization) ??
        organizations[0];
      if (!organization) {
        await logout();
        return false;
      }
      const context =
        early && organization.id === remembered
          ? await early.catch(() => fetchOrganizationContext(organization.id))
          : await fetchOrganizationContext(organization.id);
      applyOrganizationContext(organization.id, context);
      sessionStore.setState({ status: 'authenticated' });
      return true;
    } catch {
      clearSession();
      queryClient.clear();
      return false;
    }
}

/** docs/domain.md, Switching organisation: set the default, reload the organisation's context; returns the landing page. */
export async function switchOrganization(organizationId: number): Promise<string> {
  await setDefaultOrganization(organizationId);
  const landingPage = await loadOrganizationContext(organizationId);
  void queryClient.invalidateQueries({ queryKey: meQueryOptions(sessionStore.getState().userId).queryKey });
  return landingPage;
}
