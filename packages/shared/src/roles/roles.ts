/** Roles of the current organisation and the permission catalogue (docs/domain.md, Users and roles, Roles). */
import { z } from 'zod';
import { ROLE_NAME_MAX, ROLE_NAME_MIN } from '../core/constants.js';
import { isPermission } from '../core/permissions.js';
import { idSchema, versionSchema, wholeNumberQuerySchema } from '../core/common.js';

export const ROLES_PATHS = {
  roles: '/api/roles',
  role: '/api/roles/:id',
} as const;

export const ROLE_DESCRIPTION_MAX = 500;

/**
 * An organisation always keeps at least one enabled member who holds every permission of the
 * catalogue; a change that would leave none is refused with this (409).
 */
export const LAST_FULL_MEMBER_MESSAGE = 'The organisation must keep at least one enabled member who holds every permission';
/** the Roles tab's "page 1, size 99999" listing is the largest page a client may ask for (docs/domain.md, Roles) */
export const ROLES_PAGE_SIZE_MAX = 99_999;

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required',
  nameLength: `Please enter a role name (minimum of ${ROLE_NAME_MIN} and maximum of ${ROLE_NAME_MAX} characters)`,
  descriptionLength: `The role description may be at most ${ROLE_DESCRIPTION_MAX} characters`,
  unknownPermission: 'Unknown permission',
  nameTaken: 'A role with this name already exists',
  landingPageUnavailable: 'The default landing page is not available with the selected permissions',
  escalation: 'You cannot grant permissions you do not hold yourself',
  /** removing, from a role, a permission the caller lacks (403) */
  removalEscalation: 'You cannot remove permissions you do not hold yourself',
  /** changing (name, description, landing page, permissions) or deleting a role that carries a permission the caller lacks (403) */
  roleAboveCaller: 'You cannot change or delete a role that carries permissions you do not hold',
  lastFullMember: LAST_FULL_MEMBER_MESSAGE,
  selfLockout: 'You cannot remove your own permission to manage roles',
  versionRequired: 'The version of the role being edited is required',
  stale: 'The role was changed by someone else; reload it and try again',
} as const;

/** The stable reason key of each of ROLE_MESSAGES, sent beside the text (see reasons.ts). */
export const ROLE_REASONS = {
  nameRequired: 'role-name-required',
  nameLength: 'role-name-length',
  descriptionLength: 'role-description-length',
  unknownPermission: 'permission-unknown',
  nameTaken: 'role-name-taken',
  landingPageUnavailable: 'landing-page-unavailable',
  escalation: 'permission-escalation',
  removalEscalation: 'permission-removal-escalation',
  roleAboveCaller: 'role-above-caller',
  lastFullMember: 'last-full-member',
  selfLockout: 'role-self-lockout',
  versionRequired: 'role-version-required',
  stale: 'role-stale',
} as const satisfies Record<keyof typeof ROLE_MESSAGES, string>;

export const rolesQuerySchema = z.object({
  page: wholeNumberQuerySchema(z.number().min(1).max(1_000_000)).default(1),
  size: wholeNumberQuerySchema(z.number().min(1).max(ROLES_PAGE_SIZE_MAX)).default(ROLES_PAGE_SIZE_MAX),
  /** matches name and description, case-insensitively */
  search: z.string().trim().max(200).optional(),
});
export type RolesQuery = z.input<typeof rolesQuerySchema>;

export const roleIdParamsSchema = z.object({ id: idSchema });

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** members of the organisation holding the role, counted when asked */
  usersCount: z.number().int(),
  /** menu item id of a leaf, or null */
  default_Landing_Page: z.string().nullable(),
  permissions: z.array(z.string()),
  /** optimistic-concurrency version: send it back (body `version` or If-Match) when saving */
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

export const permissionInfoSchema = z.object({
  value: z.string(),
  /** the id the menu-by-permissions call takes (the permission value itself) */
  claimId: z.string(),
  groupName: z.string(),
  name: z.string(),
  description: z.string(),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

export const rolesResponseSchema = z.object({
  roles: z.array(roleSchema),
  /** roles matching the search, over all pages */
  totalRecords: z.number().int(),
  permissions: z.array(permissionInfoSchema),
});
export type RolesResponse = z.infer<typeof rolesResponseSchema>;

const roleNameSchema = z
  .string({ error: ROLE_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: ROLE_MESSAGES.nameRequired, abort: true })
  .min(ROLE_NAME_MIN, { message: ROLE_MESSAGES.nameLength, abort: true })
  .max(ROLE_NAME_MAX, ROLE_MESSAGES.nameLength);

/** Create and update share the rules; update also carries the version it was based on. */
export const roleBodySchema = z.object({
  name: roleNameSchema,
  description: z
    .string()
    .trim()
    .max(ROLE_DESCRIPTION_MAX, ROLE_MESSAGES.descriptionLength)
    .nullish()
    .transform((v) => (v ? v : null)),
  permissions: z
    .array(z.string().max(100).refine(isPermission, ROLE_MESSAGES.unknownPermission))
    .max(200)
    .default([])
    .transform((list) => [...new Set(list)]),
  default_Landing_Page: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const updateRoleBodySchema = roleBodySchema.extend({
  /** required unless the If-Match header carries it */
  version: versionSchema.optional(),
});
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;
