/**
 * Query keys that more than one feature touches: features never import each other, so a key that
 * one feature reads and another must refresh lives here.
 */

/** The organisation's roles with their user counts (the Roles tab); any change to a user's roles
 * (create, save, delete, link) refreshes it, so the counts follow at once. */
export const rolesListKey = (organizationId: number | null) => ['org', organizationId, 'settings-roles'] as const;
