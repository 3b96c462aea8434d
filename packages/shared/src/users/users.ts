/**
 * The users part of settings (docs/domain.md, Users and roles): paths, request and
 * response schemas, and the validation messages. The browser's user form builds its zod resolver
 * from the same field schemas the server validates with, so the two cannot drift.
 */
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MIN, USER_NAME_MAX, USER_NAME_MIN } from '../core/constants.js';
import { CHANGE_PASSWORD_MESSAGES, CHANGE_PASSWORD_REASONS } from '../account/account.js';
import { LAST_FULL_MEMBER_MESSAGE } from '../roles/roles.js';
import { idSchema, jsonIdSchema, versionSchema } from '../core/common.js';

export const USERS_PATHS = {
  /** GET: users of the current organisation (with its roles when the caller may view roles); POST: create */
  users: '/api/users',
  /** GET, PUT, DELETE one user of the current organisation */
  user: '/api/users/:id',
  unblock: '/api/users/:id/unblock',
  /** POST: link an existing system user to the current organisation */
  link: '/api/users/:id/link',
  /** GET ?query=: system users that are not members yet (autocomplete of the link flow) */
  systemUsers: '/api/users/system-users',
  roles: '/api/users/:id/roles',
  farms: '/api/users/:id/farms',
  packhouses: '/api/users/:id/packhouses',
  avatar: '/api/users/:id/avatar',
  /** POST: e-mail the user a one-time password reset link */
  passwordReset: '/api/users/:id/password-reset',
  farmOptions: '/api/users/farm-options',
  packhouseOptions: '/api/users/packhouse-options',
  /** POST { roleIds }: CSV of users by legal entity (Export By Legal Entity) */
  legalEntityReport: '/api/users/legal-entity-report',
  /** GET: is a reset link still usable (public) */
  passwordResetToken: '/api/password-resets/:token',
  /** POST: set a new password with a reset link (public) */
  passwordResets: '/api/password-resets',
} as const;

/** The user form's messages, which the server also answers with (per field, in details). */
export const USER_MESSAGES = {
  userName: 'Please enter a user name (minimum of 2 and maximum of 200 characters)',
  /** the product's text for the new user's (required) password field too (docs/domain.md, Users and roles) */
  passwordRequired: 'Please enter the current password',
  newPasswordMin: 'New password is required (minimum of 6 characters)',
  passwordTooLong: 'The password can be at most 128 characters',
  confirmPasswordRequired: 'Confirmation password is required',
  passwordMismatch: 'New password and confirmation password do not match',
  emailRequired: 'Please enter an email address (maximum of 200 characters)',
  emailInvalid: 'Please enter a valid email address',
  rolesRequired: 'Please select a minimum of 1 role',
  userNameTaken: (userName: string) => `The user name "${userName}" is already taken`,
  /** an e-mail address signs in too (docs/security.md, Sign-in names): it may name one account only */
  emailTaken: (email: string) => `The email address "${email}" is already used by another account`,
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDisableSelf: 'You cannot disable your own account',
  /** an administrator never chooses another user's password (Reset Password mails a link) */
  passwordOnlySelf: 'You can only change your own password; use Reset Password for other users',
  alreadyMember: 'The user is already a member of this organisation',
  staleVersion: 'The user was changed by someone else; reload and try again',
  /**
   * the identity (user name, email, names, job title, phone, avatar, password, lockout, enabled
   * state) of a user who also belongs to another organisation is theirs, or a super user's (403)
   */
  sharedUserProfile:
    'This user also belongs to another organisation; only they or a platform administrator can change their details',
  roleNotAssignable: (roleName: string) => `You cannot assign or remove the role "${roleName}": it carries permissions you do not hold`,
  /**
   * a super user (a platform operator) is removed, disabled, stripped of a role in the organisation,
   * or has their identity changed, only by a super user (or, for their identity, themselves) (403)
   */
  superUserProtected:
    'This user is a platform administrator; only a platform administrator can change their details, disable or remove them, or take their roles away',
  /** a caller who is not a super user adds or removes only farms assigned to themselves (403) */
  farmNotAssignable: (farmName: string) => `You cannot assign or remove the farm "${farmName}": it is not one of your farms`,
  /** acting on a member who holds, in this organisation, a permission the caller lacks (403) */
  userAboveCaller: 'This user holds permissions you do not hold; you cannot change, disable, unblock, reset or remove them',
  /** searching for and linking users of other organisations (403 for everyone but super users) */
  superUserOnly: 'Only a platform administrator can find or link users of other organisations',
  lastFullMember: LAST_FULL_MEMBER_MESSAGE,
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  avatarNotImage: 'Only images can be uploaded (PNG, JPEG, GIF or WebP)',
  avatarTooLarge: 'The image is larger than 1000000 bytes',
  /** a small file that would unpack to a huge picture (the server re-makes every avatar) */
  avatarTooManyPixels: 'The image has too many pixels (at most 50 megapixels)',
  avatarMissing: 'Please choose an image to upload',
  resetEmailSent: (email: string) => `Password change email has been sent to ${email}`,
} as const;

/** The stable reason key of each of USER_MESSAGES, sent beside the text (see reasons.ts). */
export const USER_REASONS = {
  userName: 'user-name-invalid',
  passwordRequired: 'password-required',
  newPasswordMin: 'new-password-too-short',
  passwordTooLong: 'password-too-long',
  confirmPasswordRequired: 'confirm-password-required',
  passwordMismatch: 'password-mismatch',
  emailRequired: 'email-required',
  emailInvalid: 'email-invalid',
  rolesRequired: 'roles-required',
  userNameTaken: 'user-name-taken',
  emailTaken: 'email-taken',
  cannotDeleteSelf: 'cannot-delete-self',
  cannotDisableSelf: 'cannot-disable-self',
  passwordOnlySelf: 'password-only-self',
  alreadyMember: 'already-member',
  staleVersion: 'user-stale',
  sharedUserProfile: 'shared-user-profile',
  roleNotAssignable: 'role-not-assignable',
  farmNotAssignable: 'farm-not-assignable',
  superUserProtected: 'super-user-protected',
  userAboveCaller: 'user-above-caller',
  superUserOnly: 'super-user-only',
  lastFullMember: 'last-full-member',
  resetLinkInvalid: 'reset-link-invalid',
  avatarNotImage: 'avatar-not-image',
  avatarTooLarge: 'avatar-too-large',
  avatarTooManyPixels: 'avatar-too-many-pixels',
  avatarMissing: 'avatar-missing',
  resetEmailSent: 'reset-email-sent',
} as const satisfies Record<keyof typeof USER_MESSAGES, string>;

// --- who may change whom (the browser hides, the server refuses: both ask these) -------------

/**
 * May the signed-in user (`callerIsSuperUser`) change this user's identity (details, enabled state,
 * lockout, avatar, password reset)? Their own; anyone's for a super user; otherwise only that of a
 * user who belongs to this organisation alone and is no super user, user-privileges.ts on the server applies it.
 */
export function mayChangeIdentityOf(
  user: { isSelf: boolean; inOtherOrganizations: boolean; isSuperUser: boolean },
  callerIsSuperUser: boolean,
): boolean {
  return user.isSelf || callerIsSuperUser || (!user.inOtherOrganizations && !user.isSuperUser);
}

/** May the signed-in user remove this user or take a role from them? Not a super user, unless they are one (user-privileges.ts on the server applies it). */
export function mayTakeFrom(user: { isSuperUser: boolean }, callerIsSuperUser: boolean): boolean {
  return callerIsSuperUser || !user.isSuperUser;
}

export const PASSWORD_MAX = 128;
export const OPTIONAL_TEXT_MAX = 200;
/** how many system users the link autocomplete suggests */
export const SYSTEM_USER_SUGGESTIONS_MAX = 20;
export const USER_LEGAL_ENTITY_REPORT_PREFIX = 'User-Legal-Entity-Report';

const idListSchema = z.array(jsonIdSchema).max(500);

// --- field schemas (server bodies and the browser form share these) ---------------------------

export const userNameSchema = z
  .string({ error: USER_MESSAGES.userName })
  .trim()
  .min(USER_NAME_MIN, { error: USER_MESSAGES.userName, abort: true })
  .max(USER_NAME_MAX, { error: USER_MESSAGES.userName, abort: true });

export const emailSchema = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: USER_MESSAGES.emailRequired, abort: true })
  .pipe(z.email({ error: USER_MESSAGES.emailInvalid }));

/** The password of a new user: required, minimum 6 (docs/domain.md, Users and roles, New User). */
export const newUserPasswordSchema = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, { error: USER_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: USER_MESSAGES.newPasswordMin, abort: true })
  .max(PASSWORD_MAX, { error: USER_MESSAGES.passwordTooLong });

/** Optional free text (full name, job title, phone number); blank becomes null. */
export const optionalTextSchema = z
  .string()
  .trim()
  .max(OPTIONAL_TEXT_MAX)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

export const roleIdsSchema = z
  .array(jsonIdSchema, { error: USER_MESSAGES.rolesRequired })
  .min(1, { error: USER_MESSAGES.rolesRequired })
  .max(500);

// --- bodies ----------------------------------------------------------------------------------

export const createUserBodySchema = z.object({
  userName: userNameSchema,
  email: emailSchema,
  password: newUserPasswordSchema,
  fullName: optionalTextSchema,
  jobTitle: optionalTextSchema,
  phoneNumber: optionalTextSchema,
  /** a new user starts enabled */
  isEnabled: z.boolean().optional().default(true),
  roleIds: roleIdsSchema,
  farmIds: idListSchema.optional(),
  packhouseIds: idListSchema.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** The password fields of the user editor's changing-password mode (cleared once the save succeeds). */
export interface PasswordChangeFields {
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  confirmPassword?: string | undefined;
}

/** The field a password-change rule applies to, with the message the server answers with. */
export interface PasswordChangeIssue {
  field: 'currentPassword' | 'newPassword' | 'confirmPassword';
  message: string;
  reason: (typeof USER_REASONS)[keyof typeof USER_REASONS] | (typeof CHANGE_PASSWORD_REASONS)[keyof typeof CHANGE_PASSWORD_REASONS];
}

/**
 * The rules of changing your own password in the user editor (docs/domain.md, Users and roles, Own
 * password): the current password is
 * required (only yourself can change a password there), the new one needs at least 6 characters
 * and must not equal the current one, and the confirmation must equal the new one. No rule
 * applies while no new password is sent (the editor is not changing the password).
 */
export function passwordChangeIssues(v: PasswordChangeFields): PasswordChangeIssue[] {
  if (v.newPassword === undefined) return [];
  const issues: PasswordChangeIssue[] = [];
  const current = v.currentPassword ?? '';
  const confirm = v.confirmPassword ?? '';
  if (current === '') issues.push({ field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentRequired, reason: CHANGE_PASSWORD_REASONS.currentRequired });
  if (v.newPassword.length < PASSWORD_MIN) issues.push({ field: 'newPassword', message: USER_MESSAGES.newPasswordMin, reason: USER_REASONS.newPasswordMin });
  else if (current !== '' && v.newPassword === current) {
    issues.push({ field: 'newPassword', message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent, reason: CHANGE_PASSWORD_REASONS.sameAsCurrent });
  }
  if (confirm === '') issues.push({ field: 'confirmPassword', message: USER_MESSAGES.confirmPasswordRequired, reason: USER_REASONS.confirmPasswordRequired });
  else if (confirm !== v.newPassword) issues.push({ field: 'confirmPassword', message: USER_MESSAGES.passwordMismatch, reason: USER_REASONS.passwordMismatch });
  return issues;
}

const optionalPasswordSchema = z.string().max(PASSWORD_MAX, { error: USER_MESSAGES.passwordTooLong }).optional();

/**
 * Saving an existing user. Omitted optional parts stay as they are; roleIds, farmIds and
 * packhouseIds need the matching assign permission. version is the one the client read (412 when
 * someone saved in between). newPassword (with currentPassword and confirmPassword) changes your
 * own password in the same save; it is refused for anyone else (an administrator never chooses
 * another user's password: Reset Password mails them a link).
 */
export const updateUserBodySchema = z
  .object({
    version: versionSchema,
    userName: userNameSchema,
    email: emailSchema,
    fullName: optionalTextSchema,
    jobTitle: optionalTextSchema,
    phoneNumber: optionalTextSchema,
    isEnabled: z.boolean().optional(),
    roleIds: roleIdsSchema.optional(),
    farmIds: idListSchema.optional(),
    packhouseIds: idListSchema.optional(),
    currentPassword: optionalPasswordSchema,
    newPassword: optionalPasswordSchema,
    confirmPassword: optionalPasswordSchema,
  })
  .superRefine((v, ctx) => {
    for (const issue of passwordChangeIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, params: { reason: issue.reason } });
  });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** Replacing one of a user's assignment lists; version optional (checked when sent). */
export const setUserRolesBodySchema = z.object({
  roleIds: roleIdsSchema,
  version: versionSchema.optional(),
});
export const setUserFarmsBodySchema = z.object({
  farmIds: idListSchema,
  version: versionSchema.optional(),
});
export const setUserPackhousesBodySchema = z.object({
  packhouseIds: idListSchema,
  version: versionSchema.optional(),
});
export type SetUserRolesBody = z.input<typeof setUserRolesBodySchema>;
export type SetUserFarmsBody = z.input<typeof setUserFarmsBodySchema>;
export type SetUserPackhousesBody = z.input<typeof setUserPackhousesBodySchema>;

/**
 * The user editor's form rules for the browser, per mode: a new user needs a password, and roles
 * are required only when the editing user may assign roles (docs/domain.md, Users and roles).
 */
export function userFormSchema(options: { isNew: boolean; canAssignRoles: boolean }) {
  return z.object({
    userName: userNameSchema,
    email: emailSchema,
    password: options.isNew ? newUserPasswordSchema : z.string().max(PASSWORD_MAX).optional(),
    fullName: optionalTextSchema,
    jobTitle: optionalTextSchema,
    phoneNumber: optionalTextSchema,
    isEnabled: z.boolean(),
    roleIds: options.canAssignRoles ? roleIdsSchema : idListSchema.optional(),
    farmIds: idListSchema.optional(),
    packhouseIds: idListSchema.optional(),
  });
}

export const userIdParamsSchema = z.object({ id: idSchema });

export const systemUsersQuerySchema = z.object({
  query: z.string().trim().min(1).max(USER_NAME_MAX),
});

export const legalEntityReportBodySchema = z.object({
  roleIds: idListSchema,
});
export type LegalEntityReportBody = z.infer<typeof legalEntityReportBodySchema>;

export const passwordResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const completePasswordResetBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    newPassword: z
      .string({ error: USER_MESSAGES.newPasswordMin })
      .min(PASSWORD_MIN, { error: USER_MESSAGES.newPasswordMin, abort: true })
      .max(PASSWORD_MAX, { error: USER_MESSAGES.passwordTooLong }),
    confirmPassword: z
      .string({ error: USER_MESSAGES.confirmPasswordRequired })
      .min(1, { error: USER_MESSAGES.confirmPasswordRequired, abort: true })
      .max(PASSWORD_MAX, { error: USER_MESSAGES.passwordTooLong }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ['confirmPassword'],
    message: USER_MESSAGES.passwordMismatch,
  });
export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBodySchema>;

// --- responses -------------------------------------------------------------------------------

/** A user's profile as every answer about a user gives it (the current user, the users tab). */
export const userProfileShape = {
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** blob id in the useravatar container */
  avatar: z.string().nullable(),
};

export const userSchema = z.object({
  ...userProfileShape,
  /** role names in the current organisation */
  roles: z.array(z.string()),
  roleIds: z.array(z.number().int()),
  /** farm ids in the current organisation */
  farms: z.array(z.number().int()),
  /** packhouse ids in the current organisation */
  packhouses: z.array(z.number().int()),
  isEnabled: z.boolean(),
  isLockedOut: z.boolean(),
  /**
   * also a member of another organisation: their identity (names, email, phone, avatar, password,
   * lockout, enabled state) then changes only by themselves or a super user
   */
  inOtherOrganizations: z.boolean(),
  /**
   * a platform operator: their identity changes only by themselves or a super user, and only a
   * super user removes them, disables them or takes a role from them (they may be given roles,
   * farms and packhouses)
   */
  isSuperUser: z.boolean(),
  /** send back when saving (optimistic concurrency) */
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const userListRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  usersCount: z.number().int(),
  /** false when the role carries permissions the caller does not hold (escalation guard) */
  isAssignable: z.boolean(),
});
export type UserListRole = z.infer<typeof userListRoleSchema>;

/**
 * The users tab: every user of the organisation (search and paging happen in the browser; the list
 * is per organisation) and, only for callers with roles.view, all the organisation's roles.
 */
export const userListResponseSchema = z.object({
  users: z.array(userSchema),
  roles: z.array(userListRoleSchema).nullable(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/**
 * The users tab's search (docs/domain.md, Users and roles): does the user's name, full name, email, phone, job title or
 * one of their role names contain the text, ignoring case? Blank text matches everyone.
 */
export function userMatchesSearch(
  user: Pick<User, 'userName' | 'fullName' | 'email' | 'phoneNumber' | 'jobTitle' | 'roles'>,
  text: string,
): boolean {
  const needle = text.trim().toLocaleLowerCase('en');
  if (needle === '') return true;
  return [user.userName, user.fullName, user.email, user.phoneNumber, user.jobTitle, ...user.roles].some(
    (value) => value !== null && value.toLocaleLowerCase('en').includes(needle),
  );
}

export const systemUserSchema = z.object({ id: z.number().int(), userName: z.string(), email: z.string() });
export const systemUsersResponseSchema = z.object({ result: z.array(systemUserSchema) });
export type SystemUser = z.infer<typeof systemUserSchema>;

export const farmOptionSchema = z.object({ id: z.number().int(), farm_Name: z.string(), area_Name: z.string().nullable() });
export type FarmOption = z.infer<typeof farmOptionSchema>;
export const packhouseOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type PackhouseOption = z.infer<typeof packhouseOptionSchema>;

export const avatarResponseSchema = z.object({ avatar: z.string() });
export const passwordResetResponseSchema = z.object({ email: z.string() });
export const passwordResetTokenResponseSchema = z.object({ userName: z.string(), expiresAt: z.string() });

/** The CSV columns of Export By Legal Entity, in order. */
export const USER_LEGAL_ENTITY_REPORT_COLUMNS = [
  { key: 'legalEntity', header: 'Legal Entity' },
  { key: 'farm', header: 'Farm' },
  { key: 'userName', header: 'User Name' },
  { key: 'fullName', header: 'Full Name' },
  { key: 'email', header: 'Email' },
  { key: 'phoneNumber', header: 'Phone Number' },
  { key: 'roles', header: 'Roles' },
] as const;
