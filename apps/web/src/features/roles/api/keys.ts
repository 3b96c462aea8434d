/** Query keys of the roles area; tenant-scoped keys start with ['org', organizationId]. */
import { rolesListKey } from '../../../lib/shared-query-keys';

export const rolesKeys = {
  list: rolesListKey,
  menuByPermissions: (organizationId: number | null, permissions: readonly string[]) =>
    ['org', organizationId, 'menu-by-permissions', [...permissions].sort().join(',')] as const,
};
