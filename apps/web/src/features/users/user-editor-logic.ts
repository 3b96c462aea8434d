/**
 * The user editor's rules, kept out of the components so they can be tested: which parts of the
 * form a mode and the caller's permissions allow (docs/domain.md, Users and roles), the inline
 * texts, the body sent to the server (assignment lists only with their permission: the server
 * answers 403 otherwise), the changing-password rules and the Export By Legal Entity role preselection.
 */
import { PERMISSIONS, type ErrorReason } from '@orchard/shared/core';
import {
  mayChangeIdentityOf,
  mayTakeFrom,
  passwordChangeIssues,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
  type UserListRole,
} from '@orchard/shared/users';
import { hasReason } from '../../lib/api-error';
import { fieldReason, type FieldErrorLike } from '../../lib/field-reason';

/**
 * view: read-only; edit: another user (or yourself) in the general editor; new; self: the Profile
 * page. The fifth mode, changing password, is one of these with the password fields
 * open (see EditorCapabilities.changePassword).
 */
export type EditorMode = 'view' | 'edit' | 'new' | 'self';

export interface EditorCapabilities {
  readOnly: boolean;
  showPassword: boolean;
  /**
   * the UserName field is an autocomplete of system users to link: only for super users holding
   * users.linkOrganisation (the server refuses everyone else, so nobody else is offered it)
   */
  linkExisting: boolean;
  /**
   * the person's identity (user name, email, names, job title, phone, avatar, enabled state,
   * lockout) can be changed: not when they also belong to another organisation, or are a super
   * user, and the editor is neither them nor a super user (their roles, farms and packhouses here
   * still can)
   */
  editIdentity: boolean;
  /** roles can be chosen (else shown as badges) */
  editRoles: boolean;
  /** the roles the user holds stay chosen: a super user's, edited by someone who is not one, are only added to */
  keepHeldRoles: boolean;
  /** the roles field is there at all (editable, or as badges of the user's roles) */
  showRoles: boolean;
  editFarms: boolean;
  editPackhouses: boolean;
  showEnabled: boolean;
  /** the Enabled checkbox can be changed (never for yourself: you cannot disable your own account) */
  editEnabled: boolean;
  showUnblock: boolean;
  showAvatar: boolean;
  /**
   * the Change Password button that opens the changing-password mode: only for yourself (an
   * administrator never chooses another user's password; Reset Password mails a link), when
   * editing, or on the Profile page where it also starts editing
   */
  changePassword: boolean;
}

export function editorCapabilities(
  mode: EditorMode,
  hasPermission: (permission: string) => boolean,
  options: {
    isSelf: boolean;
    isLockedOut: boolean;
    selfProfile?: boolean;
    /** the signed-in user is a super user (/api/me) */
    isSuperUser?: boolean;
    /** the edited user also belongs to another organisation */
    inOtherOrganizations?: boolean;
    /** the edited user is a super user */
    editsSuperUser?: boolean;
  },
): EditorCapabilities {
  const readOnly = mode === 'view';
  // on the Profile page the assignments are the administrator's business: shown, not changed
  const general = mode === 'edit' || mode === 'new';
  const canManage = hasPermission(PERMISSIONS.usersManage);
  const editRoles = general && hasPermission(PERMISSIONS.rolesAssign);
  const editIdentity = mayChangeIdentityOf(
    { isSelf: options.isSelf, inOtherOrganizations: !!options.inOtherOrganizations, isSuperUser: !!options.editsSuperUser },
    !!options.isSuperUser,
  );
  return {
    readOnly,
    showPassword: mode === 'new',
    linkExisting: mode === 'new' && !!options.isSuperUser && hasPermission(PERMISSIONS.usersLinkOrganisation),
    editIdentity,
    editRoles,
    keepHeldRoles: !mayTakeFrom({ isSuperUser: !!options.editsSuperUser }, !!options.isSuperUser),
    showRoles: editRoles || mode !== 'new',
    editFarms: general && hasPermission(PERMISSIONS.usersAssignFarms),
    editPackhouses: general && hasPermission(PERMISSIONS.usersAssignPackhouses),
    showEnabled: general && canManage,
    editEnabled: general && canManage && !options.isSelf && editIdentity,
    showUnblock: mode === 'edit' && canManage && options.isLockedOut && editIdentity,
    showAvatar: (mode !== 'view' || options.isSelf) && editIdentity,
    changePassword: options.isSelf && (mode === 'edit' || mode === 'self' || (mode === 'view' && !!options.selfProfile)),
  };
}

export interface UserFormValues {
  userName: string;
  email: string;
  password: string;
  fullName: string;
  jobTitle: string;
  phoneNumber: string;
  isEnabled: boolean;
  roleIds: number[];
  farmIds: number[];
  packhouseIds: number[];
  /** changing password (part of the edit object while editing, removed after saving) */
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** The form's starting values: the user's, or a new user's (enabled; docs/domain.md, New User). */
export function initialValues(user: User | null | undefined): UserFormValues {
  return {
    userName: user?.userName ?? '',
    email: user?.email ?? '',
    password: '',
    fullName: user?.fullName ?? '',
    jobTitle: user?.jobTitle ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    isEnabled: user?.isEnabled ?? true,
    roleIds: user?.roleIds ?? [],
    farmIds: user?.farms ?? [],
    packhouseIds: user?.packhouses ?? [],
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The create body; farms and packhouses only with their assign permission. */
export function createBody(values: UserFormValues, caps: EditorCapabilities): CreateUserBody {
  return {
    userName: values.userName.trim(),
    email: values.email.trim(),
    password: values.password,
    fullName: blankToNull(values.fullName),
    jobTitle: blankToNull(values.jobTitle),
    phoneNumber: blankToNull(values.phoneNumber),
    isEnabled: values.isEnabled,
    roleIds: values.roleIds,
    ...(caps.editFarms ? { farmIds: values.farmIds } : {}),
    ...(caps.editPackhouses ? { packhouseIds: values.packhouseIds } : {}),
  };
}

/**
 * The save body with the version read; assignment lists and Enabled only when they may change;
 * the three passwords only in the changing-password mode.
 */
export function updateBody(
  values: UserFormValues,
  version: number,
  caps: EditorCapabilities,
  changingPassword = false,
): UpdateUserBody {
  return {
    version,
    userName: values.userName.trim(),
    email: values.email.trim(),
    fullName: blankToNull(values.fullName),
    jobTitle: blankToNull(values.jobTitle),
    phoneNumber: blankToNull(values.phoneNumber),
    ...(caps.editEnabled ? { isEnabled: values.isEnabled } : {}),
    ...(caps.editRoles ? { roleIds: values.roleIds } : {}),
    ...(caps.editFarms ? { farmIds: values.farmIds } : {}),
    ...(caps.editPackhouses ? { packhouseIds: values.packhouseIds } : {}),
    ...(changingPassword
      ? { currentPassword: values.currentPassword, newPassword: values.newPassword, confirmPassword: values.confirmPassword }
      : {}),
  };
}

/**
 * The changing-password rules of 5.1 on the form's values: the first message per field, the same
 * messages the server answers with (the rules are shared with it). inlineMessage turns them into
 * the inline texts.
 */
export function passwordChangeErrors(
  values: Pick<UserFormValues, PasswordField>,
): Partial<Record<PasswordField, { type: ErrorReason; message: string }>> {
  const errors: Partial<Record<PasswordField, { type: ErrorReason; message: string }>> = {};
  for (const issue of passwordChangeIssues(values)) errors[issue.field] ??= { type: issue.reason, message: issue.message };
  return errors;
}

/** i18n keys of the user form's inline texts */
export const INLINE_TEXT_KEYS = {
  userNameRequired: 'users.userNameRequired',
  emailRequired: 'users.emailRequired',
  invalidEmail: 'users.invalidEmail',
  newPasswordRequired: 'users.newPasswordRequired',
  roleRequired: 'users.roleRequired',
  currentPasswordRequired: 'users.currentPasswordRequired',
  confirmPasswordRequired: 'users.confirmPasswordRequired',
  /** the inline text of both password mismatches (the save names which one: SAVE_TEXT_KEYS) */
  passwordMismatch: 'users.passwordMismatch',
  /** a new password under 6 characters (not empty): the rule's own text */
  newPasswordMin: 'account.newRequired',
  /** the server's answer to a current password that does not verify */
  currentPasswordIncorrect: 'account.currentIncorrect',
} as const;

/**
 * What to show under a field for a schema message: the short inline text of 5.1 where one exists
 * for the case (empty field, bad e-mail, no role), otherwise the rule's own message.
 */
export function inlineMessage(
  field: keyof UserFormValues,
  error: FieldErrorLike & { message: string },
  value: unknown,
  t: (key: string) => string,
): string {
  const { message } = error;
  const reason = fieldReason(error);
  const empty = typeof value === 'string' ? value.trim() === '' : Array.isArray(value) ? value.length === 0 : value == null;
  if (field === 'userName' && empty) return t(INLINE_TEXT_KEYS.userNameRequired);
  if (field === 'email' && empty) return t(INLINE_TEXT_KEYS.emailRequired);
  if (field === 'email' && reason === 'email-invalid') return t(INLINE_TEXT_KEYS.invalidEmail);
  if (field === 'password' && empty) return t(INLINE_TEXT_KEYS.newPasswordRequired);
  if (field === 'roleIds') return t(INLINE_TEXT_KEYS.roleRequired);
  if (field === 'currentPassword') {
    if (reason === 'current-password-incorrect') return t(INLINE_TEXT_KEYS.currentPasswordIncorrect);
    if (empty) return t(INLINE_TEXT_KEYS.currentPasswordRequired);
  }
  if (field === 'newPassword') {
    if (empty) return t(INLINE_TEXT_KEYS.newPasswordRequired);
    if (reason === 'password-same-as-current') return t(INLINE_TEXT_KEYS.passwordMismatch);
    if (reason === 'new-password-too-short') return t(INLINE_TEXT_KEYS.newPasswordMin);
  }
  if (field === 'confirmPassword') {
    if (empty) return t(INLINE_TEXT_KEYS.confirmPasswordRequired);
    if (reason === 'password-mismatch') return t(INLINE_TEXT_KEYS.passwordMismatch);
  }
  return message;
}

/** i18n keys of the save's own messages for the two password mismatches (5.1, On save) */
const SAVE_TEXT_KEYS: Partial<Record<ErrorReason, string>> = {
  'password-same-as-current': 'users.passwordSameAsOld',
  'password-mismatch': 'users.passwordConfirmMismatch',
};

/**
 * What a refused save says, field by field in the form's order: the rule's message (5.1: an empty
 * new user's password reads "Please enter the current password"), or the save's own message for a
 * password mismatch. The inline texts under the fields stay the short ones (inlineMessage).
 */
export function refusedSaveMessages(
  errors: Partial<Record<keyof UserFormValues, FieldErrorLike | undefined>>,
  order: readonly (keyof UserFormValues)[],
  t: (key: string) => string,
): string[] {
  const messages: string[] = [];
  for (const field of order) {
    const error = errors[field];
    if (!error?.message) continue;
    const reason = fieldReason(error);
    const key = reason && SAVE_TEXT_KEYS[reason];
    const message = key ? t(key) : error.message;
    if (!messages.includes(message)) messages.push(message);
  }
  return messages;
}

/**
 * Is this a server error saying the user name and password pair is invalid, or that the
 * current password of a password change does not verify?
 */
export function isInvalidCredentialsError(error: unknown): boolean {
  return hasReason(error, 'password-incorrect', 'current-password-incorrect', 'login-invalid-credentials');
}

/**
 * May the signed-in user send this user a password reset from the list? Besides users.resetPassword
 * (the column's own gate), a user who also belongs to another organisation, or is a super user, is
 * reset only by themselves or a super user, as the server decides.
 */
export function canResetPasswordOf(
  user: Pick<User, 'id' | 'inOtherOrganizations' | 'isSuperUser'>,
  me: { userId: number | null; isSuperUser: boolean },
): boolean {
  return mayChangeIdentityOf({ isSelf: user.id === me.userId, inOtherOrganizations: user.inOtherOrganizations, isSuperUser: user.isSuperUser }, me.isSuperUser);
}

/**
 * The farms after a change in the picker. The picker offers only the farms the caller may assign
 * (their own; a super user every farm: GET /api/users/farm-options), so a user's farms that are not
 * offered are not the caller's to take away: they stay, whatever the picker (its select-all too)
 * answers.
 */
export function farmsAfterPick(current: readonly number[], picked: readonly number[], offered: readonly number[]): number[] {
  const isOffered = new Set(offered);
  return [...current.filter((id) => !isOffered.has(id)), ...picked.filter((id) => isOffered.has(id))];
}

/** Export By Legal Entity: the roles offered (usersCount above 0), all of them preselected. */
export function exportableRoles(roles: readonly UserListRole[] | null | undefined): { options: UserListRole[]; selected: number[] } {
  const options = (roles ?? []).filter((r) => r.usersCount > 0);
  return { options, selected: options.map((r) => r.id) };
}

/** Roles the editor offers: the organisation's (when listed), else the caller's own (docs/domain.md, The privilege rule). */
export interface RoleOption {
  id: number;
  name: string;
  description: string | null;
  disabled: boolean;
}

/** `keepHeld`: the roles the user holds cannot be taken away (a super user's, see keepHeldRoles). */
export function roleOptions(
  listRoles: readonly UserListRole[] | null | undefined,
  ownRoles: readonly { id: number; name: string; description: string | null }[],
  heldRoleIds: readonly number[],
  keepHeld = false,
): RoleOption[] {
  const locked = (id: number) => keepHeld && heldRoleIds.includes(id);
  if (listRoles) {
    // a role the caller may not assign stays visible when the user holds it, but cannot be toggled
    return listRoles
      .filter((r) => r.isAssignable || heldRoleIds.includes(r.id))
      .map((r) => ({ id: r.id, name: r.name, description: r.description, disabled: !r.isAssignable || locked(r.id) }));
  }
  return ownRoles.map((r) => ({ id: r.id, name: r.name, description: r.description, disabled: locked(r.id) }));
}
