/** Query keys of the roles area; tenant-scoped keys start with ['org', organizationId]. */
export const rolesKeys = {
  list: (organizationId: number | null) => ['org', organizationId, 'settings-roles'] as const,
  menuByPermissions: (organizationId: number | null, permissions: readonly string[]) =>
    ['org', organizationId, 'menu-by-permissions', [...permissions].sort().join(',')] as const,
};
