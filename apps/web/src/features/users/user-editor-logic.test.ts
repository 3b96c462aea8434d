import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_MESSAGES } from '@orchard/shared/account';
import { PERMISSIONS, type ErrorDetail, type ErrorReason } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import {
  USER_MESSAGES,
  updateUserBodySchema,
  userFormSchema,
  type User,
  type UserListRole,
  mayTakeFrom,
} from '@orchard/shared/users';
import { ApiError } from '../../lib/api-error';
import {
  canResetPasswordOf,
  createBody,
  editorCapabilities,
  exportableRoles,
  farmsAfterPick,
  initialValues,
  inlineMessage,
  refusedSaveMessages,
  isInvalidCredentialsError,
  passwordChangeErrors,
  roleOptions,
  updateBody,
  type PasswordField,
} from './user-editor-logic';
import { fileNameFromDisposition } from '../../lib/download';

const holding =
  (...perms: string[]) =>
  (p: string) =>
    perms.includes(p);
const all = holding(...Object.values(PERMISSIONS));
const t = (key: string) => {
  const [section, name] = key.split('.') as ['users', keyof typeof en.users];
  return en[section][name] as string;
};

const user: User = {
  id: 7,
  userName: 'thandi',
  email: 'thandi@example.co.za',
  fullName: 'Thandi N',
  jobTitle: null,
  phoneNumber: null,
  avatar: null,
  roles: ['Manager'],
  roleIds: [2],
  farms: [11],
  packhouses: [],
  isEnabled: true,
  isLockedOut: false,
  inOtherOrganizations: false,
  isSuperUser: false,
  version: 3,
};

describe('editor capabilities by mode and permission', () => {
  it('a new user: password, link autocomplete for a super user with users.linkOrganisation, roles with roles.assign', () => {
    const caps = editorCapabilities('new', all, { isSelf: false, isLockedOut: false, isSuperUser: true });
    expect(caps).toMatchObject({ readOnly: false, showPassword: true, linkExisting: true, editRoles: true, editFarms: true, editPackhouses: true, showEnabled: true, editEnabled: true });
    // an organisation administrator holding the permission is not offered a search the server refuses
    expect(editorCapabilities('new', all, { isSelf: false, isLockedOut: false }).linkExisting).toBe(false);
    const noLink = editorCapabilities('new', holding(PERMISSIONS.usersManage, PERMISSIONS.rolesAssign), { isSelf: false, isLockedOut: false, isSuperUser: true });
    expect(noLink.linkExisting).toBe(false);
    expect(noLink.editFarms).toBe(false);
    expect(noLink.editPackhouses).toBe(false);
  });

  it('editing: no password; farms and packhouses only with their assign permission', () => {
    const caps = editorCapabilities('edit', holding(PERMISSIONS.usersManage, PERMISSIONS.usersAssignFarms), { isSelf: false, isLockedOut: false });
    expect(caps.showPassword).toBe(false);
    expect(caps.linkExisting).toBe(false);
    expect(caps.editRoles).toBe(false);
    expect(caps.showRoles).toBe(true);
    expect(caps.editFarms).toBe(true);
    expect(caps.editPackhouses).toBe(false);
  });

  it('Unblock only for a locked-out user, editing with users.manage', () => {
    expect(editorCapabilities('edit', all, { isSelf: false, isLockedOut: true }).showUnblock).toBe(true);
    expect(editorCapabilities('edit', all, { isSelf: false, isLockedOut: false }).showUnblock).toBe(false);
    expect(editorCapabilities('edit', holding(PERMISSIONS.usersView), { isSelf: false, isLockedOut: true }).showUnblock).toBe(false);
  });

  it("a user who also belongs to another organisation: their identity is theirs or a super user's; roles, farms and packhouses here are the administrator's", () => {
    const shared = { isSelf: false, isLockedOut: true, inOtherOrganizations: true };
    const byAdmin = editorCapabilities('edit', all, shared);
    expect(byAdmin).toMatchObject({ editIdentity: false, editEnabled: false, showUnblock: false, showAvatar: false, editRoles: true, editFarms: true, editPackhouses: true });
    const bySuperUser = editorCapabilities('edit', all, { ...shared, isSuperUser: true });
    expect(bySuperUser).toMatchObject({ editIdentity: true, editEnabled: true, showUnblock: true, showAvatar: true });
    expect(editorCapabilities('self', all, { isSelf: true, isLockedOut: false, inOtherOrganizations: true }).editIdentity).toBe(true);
    expect(editorCapabilities('edit', all, { isSelf: false, isLockedOut: false, inOtherOrganizations: false }).editIdentity).toBe(true);
  });

  it('Reset Password in the list: a shared user only by themselves or a super user', () => {
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: true, isSuperUser: false }, { userId: 1, isSuperUser: false })).toBe(false);
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: true, isSuperUser: false }, { userId: 1, isSuperUser: true })).toBe(true);
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: true, isSuperUser: false }, { userId: 7, isSuperUser: false })).toBe(true);
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: false, isSuperUser: false }, { userId: 1, isSuperUser: false })).toBe(true);
  });

  it("a super user: their details, enabled state, lockout and roles held are a super user's; roles, farms and packhouses may be added", () => {
    const operator = { isSelf: false, isLockedOut: true, inOtherOrganizations: false, editsSuperUser: true };
    const byAdmin = editorCapabilities('edit', all, operator);
    expect(byAdmin).toMatchObject({ editIdentity: false, editEnabled: false, showUnblock: false, showAvatar: false, keepHeldRoles: true, editRoles: true, editFarms: true, editPackhouses: true });
    const bySuperUser = editorCapabilities('edit', all, { ...operator, isSuperUser: true });
    expect(bySuperUser).toMatchObject({ editIdentity: true, editEnabled: true, showUnblock: true, showAvatar: true, keepHeldRoles: false });
    expect(editorCapabilities('edit', all, { isSelf: false, isLockedOut: false }).keepHeldRoles).toBe(false);
    // the list: no Reset Password and no Delete for them but by a super user
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: false, isSuperUser: true }, { userId: 1, isSuperUser: false })).toBe(false);
    expect(canResetPasswordOf({ id: 7, inOtherOrganizations: false, isSuperUser: true }, { userId: 1, isSuperUser: true })).toBe(true);
    expect(mayTakeFrom({ isSuperUser: true }, false)).toBe(false);
    expect(mayTakeFrom({ isSuperUser: true }, true)).toBe(true);
    expect(mayTakeFrom({ isSuperUser: false }, false)).toBe(true);
  });

  it('yourself: Enabled cannot be changed; the Profile page never edits assignments', () => {
    expect(editorCapabilities('edit', all, { isSelf: true, isLockedOut: false }).editEnabled).toBe(false);
    const self = editorCapabilities('self', all, { isSelf: true, isLockedOut: false });
    expect(self).toMatchObject({ readOnly: false, editRoles: false, editFarms: false, editPackhouses: false, showEnabled: false, showAvatar: true });
    expect(editorCapabilities('view', all, { isSelf: true, isLockedOut: false }).readOnly).toBe(true);
  });
});

describe('request bodies', () => {
  it('a new user starts enabled', () => {
    expect(initialValues(null).isEnabled).toBe(true);
    expect(initialValues(user)).toMatchObject({ userName: 'thandi', roleIds: [2], farmIds: [11], fullName: 'Thandi N', jobTitle: '' });
  });

  it('sends assignment lists only with the matching permission', () => {
    const values = { ...initialValues(user), packhouseIds: [4] };
    const managerOnly = editorCapabilities('edit', holding(PERMISSIONS.usersManage), { isSelf: false, isLockedOut: false });
    expect(updateBody(values, 3, managerOnly)).toEqual({
      version: 3,
      userName: 'thandi',
      email: 'thandi@example.co.za',
      fullName: 'Thandi N',
      jobTitle: null,
      phoneNumber: null,
      isEnabled: true,
    });
    const full = editorCapabilities('edit', all, { isSelf: false, isLockedOut: false });
    expect(updateBody(values, 3, full)).toMatchObject({ roleIds: [2], farmIds: [11], packhouseIds: [4] });
    const self = editorCapabilities('self', all, { isSelf: true, isLockedOut: false });
    const body = updateBody(values, 3, self);
    expect(body).not.toHaveProperty('roleIds');
    expect(body).not.toHaveProperty('isEnabled');
  });

  it('create body: farms and packhouses only when assignable', () => {
    const values = { ...initialValues(null), userName: 'x1', email: 'x@y.za', password: 'secret1', roleIds: [1], farmIds: [3] };
    const noFarms = editorCapabilities('new', holding(PERMISSIONS.usersManage, PERMISSIONS.rolesAssign), { isSelf: false, isLockedOut: false });
    expect(createBody(values, noFarms)).not.toHaveProperty('farmIds');
    expect(createBody(values, editorCapabilities('new', all, { isSelf: false, isLockedOut: false }))).toMatchObject({ farmIds: [3], isEnabled: true });
  });
});

describe('inline texts from the shared schema', () => {
  const errors = (values: Record<string, unknown>, isNew: boolean, canAssignRoles: boolean) => {
    const r = userFormSchema({ isNew, canAssignRoles }).safeParse(values);
    const map: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) map[String(i.path[0])] ??= i.message;
    return map;
  };

  it('required fields, bad e-mail, missing role and short password', () => {
    const values = { ...initialValues(null) };
    const e = errors(values, true, true);
    expect(inlineMessage('userName', { message: e.userName as string }, values.userName, t)).toBe('UserName is Required');
    expect(inlineMessage('email', { message: e.email as string }, values.email, t)).toBe('Email is Required');
    expect(inlineMessage('password', { message: e.password as string }, values.password, t)).toBe('New Password is Required');
    expect(inlineMessage('roleIds', { message: e.roleIds as string }, values.roleIds, t)).toBe('Role is Required');

    const bad = { ...values, userName: 'a', email: 'not-an-email', password: '123' };
    const e2 = errors(bad, true, true);
    expect(e2.email).toBe(USER_MESSAGES.emailInvalid);
    expect(inlineMessage('email', { message: e2.email as string }, bad.email, t)).toBe('Invalid Email Address');
    expect(inlineMessage('userName', { message: e2.userName as string }, bad.userName, t)).toBe(
      'Please enter a user name (minimum of 2 and maximum of 200 characters)',
    );
    expect(inlineMessage('password', { message: e2.password as string }, bad.password, t)).toBe('New password is required (minimum of 6 characters)');
  });

  it("a refused save names the rules' messages: an empty new user's password reads Please enter the current password", () => {
    const values = { ...initialValues(null) };
    const r = userFormSchema({ isNew: true, canAssignRoles: true }).safeParse(values);
    const found: Record<string, { message: string }> = {};
    if (!r.success) for (const i of r.error.issues) found[String(i.path[0])] ??= { message: i.message };
    expect(refusedSaveMessages(found, ['userName', 'email', 'password', 'roleIds'], t)).toEqual([
      USER_MESSAGES.userName,
      USER_MESSAGES.emailRequired,
      'Please enter the current password',
      USER_MESSAGES.rolesRequired,
    ]);
  });

  it('a refused save gives the save messages of the password mismatches, the fields the inline text', () => {
    const values = { ...initialValues(user), currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: 'Next@2026' };
    expect(refusedSaveMessages(passwordChangeErrors(values), ['currentPassword', 'newPassword', 'confirmPassword'], t)).toEqual([
      'Password Mismatch: New Password does not match the Confirm Password.',
    ]);
    const same = { ...values, newPassword: 'Old@2024', confirmPassword: 'Old@2024' };
    expect(refusedSaveMessages(passwordChangeErrors(same), ['currentPassword', 'newPassword', 'confirmPassword'], t)).toEqual([
      'Password Mismatch: New Password cannot match your old password.',
    ]);
  });

  it('roles are required only when the editor may assign them', () => {
    const values = { ...initialValues(user), roleIds: [] };
    expect(errors(values, false, true).roleIds).toBe(USER_MESSAGES.rolesRequired);
    expect(errors(values, false, false).roleIds).toBeUndefined();
  });

  it('recognises the invalid user name and password error by its reason', () => {
    const answer = (reason: ErrorReason, details: ErrorDetail[] = []) =>
      new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'whatever the text', reason, details });
    expect(isInvalidCredentialsError(answer('login-invalid-credentials'))).toBe(true);
    expect(isInvalidCredentialsError(answer('user-name-taken'))).toBe(false);
    // the save's answer to a wrong current password
    expect(isInvalidCredentialsError(answer('password-incorrect'))).toBe(true);
    const detail = { field: 'currentPassword', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect, reason: 'current-password-incorrect' as const };
    expect(isInvalidCredentialsError(answer('request-invalid', [detail]))).toBe(true);
    expect(isInvalidCredentialsError(new Error('invalid_username_or_password'))).toBe(false);
  });
});

describe('changing password (the mode, its rules and inline texts)', () => {
  const none = { isLockedOut: false };

  it('is offered only for yourself: editing, or on the Profile page (where it starts editing)', () => {
    expect(editorCapabilities('self', all, { ...none, isSelf: true, selfProfile: true }).changePassword).toBe(true);
    expect(editorCapabilities('view', all, { ...none, isSelf: true, selfProfile: true }).changePassword).toBe(true);
    expect(editorCapabilities('edit', all, { ...none, isSelf: true }).changePassword).toBe(true);
    expect(editorCapabilities('edit', all, { ...none, isSelf: false }).changePassword).toBe(false);
    expect(editorCapabilities('view', all, { ...none, isSelf: true }).changePassword).toBe(false);
    expect(editorCapabilities('view', all, { ...none, isSelf: false }).changePassword).toBe(false);
    expect(editorCapabilities('new', all, { ...none, isSelf: false }).changePassword).toBe(false);
  });

  /** The inline text under each password field for these values, as the editor shows it. */
  const shown = (passwords: Partial<Record<PasswordField, string>>) => {
    const values = { ...initialValues(user), currentPassword: '', newPassword: '', confirmPassword: '', ...passwords };
    const errors = passwordChangeErrors(values);
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, inlineMessage(field as PasswordField, message, values[field as PasswordField], t)]),
    );
  };

  it('an empty form: every field required', () => {
    expect(shown({})).toEqual({
      currentPassword: 'Current Password Required',
      newPassword: 'New Password is Required',
      confirmPassword: 'Confirmation Password is Required',
    });
  });

  it('an empty current password', () => {
    expect(shown({ newPassword: 'Next@2025', confirmPassword: 'Next@2025' })).toEqual({ currentPassword: 'Current Password Required' });
  });

  it('a new password under 6 characters', () => {
    expect(shown({ currentPassword: 'Old@2024', newPassword: 'Ab1', confirmPassword: 'Ab1' })).toEqual({
      newPassword: 'New password is required (minimum of 6 characters)',
    });
  });

  it('a missing confirmation', () => {
    expect(shown({ currentPassword: 'Old@2024', newPassword: 'Next@2025' })).toEqual({
      confirmPassword: 'Confirmation Password is Required',
    });
  });

  it('a confirmation unlike the new password', () => {
    expect(shown({ currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: 'Next@2026' })).toEqual({
      confirmPassword: 'Password Mismatch',
    });
  });

  it('a new password equal to the current one', () => {
    expect(shown({ currentPassword: 'Old@2024', newPassword: 'Old@2024', confirmPassword: 'Old@2024' })).toEqual({
      newPassword: 'Password Mismatch',
    });
  });

  it('a valid change has no message, and the server accepts the same values', () => {
    const passwords = { currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: 'Next@2025' };
    expect(shown(passwords)).toEqual({});
    const caps = editorCapabilities('self', all, { ...none, isSelf: true, selfProfile: true });
    const body = updateBody({ ...initialValues(user), ...passwords }, 3, caps, true);
    expect(body).toMatchObject(passwords);
    expect(updateUserBodySchema.safeParse(body).success).toBe(true);
  });

  it('the server refuses what the editor refuses, on the same field', () => {
    const caps = editorCapabilities('self', all, { ...none, isSelf: true, selfProfile: true });
    for (const passwords of [
      { currentPassword: '', newPassword: 'Next@2025', confirmPassword: 'Next@2025' },
      { currentPassword: 'Old@2024', newPassword: 'Ab1', confirmPassword: 'Ab1' },
      { currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: '' },
      { currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: 'Next@2026' },
      { currentPassword: 'Old@2024', newPassword: 'Old@2024', confirmPassword: 'Old@2024' },
    ]) {
      const values = { ...initialValues(user), ...passwords };
      const parsed = updateUserBodySchema.safeParse(updateBody(values, 3, caps, true));
      expect(parsed.success).toBe(false);
      const serverFields = parsed.error!.issues.map((i) => String(i.path[0]));
      expect(serverFields.sort()).toEqual(Object.keys(passwordChangeErrors(values)).sort());
    }
  });

  it('the passwords are sent only while changing password', () => {
    const caps = editorCapabilities('self', all, { ...none, isSelf: true, selfProfile: true });
    const values = { ...initialValues(user), currentPassword: 'Old@2024', newPassword: 'Next@2025', confirmPassword: 'Next@2025' };
    const body = updateBody(values, 3, caps);
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword']) expect(body).not.toHaveProperty(field);
    expect(initialValues(user)).toMatchObject({ currentPassword: '', newPassword: '', confirmPassword: '' });
  });

  it('the server answer to a wrong current password shows as Current Password is incorrect', () => {
    const server = { type: 'current-password-incorrect', message: CHANGE_PASSWORD_MESSAGES.currentIncorrect };
    expect(inlineMessage('currentPassword', server, 'Wrong@2024', t)).toBe('Current Password is incorrect');
  });
});

describe('roles', () => {
  const roles: UserListRole[] = [
    { id: 1, name: 'Administrator', description: 'All', usersCount: 1, isAssignable: true },
    { id: 2, name: 'Manager', description: null, usersCount: 3, isAssignable: true },
    { id: 3, name: 'Empty', description: null, usersCount: 0, isAssignable: true },
    { id: 4, name: 'Owner', description: null, usersCount: 2, isAssignable: false },
  ];

  it('Export By Legal Entity offers roles with users, all preselected', () => {
    const { options, selected } = exportableRoles(roles);
    expect(options.map((r) => r.name)).toEqual(['Administrator', 'Manager', 'Owner']);
    expect(selected).toEqual([1, 2, 4]);
    expect(exportableRoles(null)).toEqual({ options: [], selected: [] });
  });

  it('editor options: assignable roles, plus held ones that cannot be toggled; else the caller’s own roles', () => {
    expect(roleOptions(roles, [], [4]).map((r) => [r.id, r.disabled])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(roleOptions(roles, [], []).map((r) => r.id)).toEqual([1, 2, 3]);
    // a super user's roles, edited by someone who is not one: held ones cannot be taken away, others added
    expect(roleOptions(roles, [], [1, 4], true).map((r) => [r.id, r.disabled])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(roleOptions(null, [{ id: 9, name: 'Mine', description: 'd' }], [9], true)[0]?.disabled).toBe(true);
    expect(roleOptions(null, [{ id: 9, name: 'Mine', description: 'd' }], [])).toEqual([
      { id: 9, name: 'Mine', description: 'd', disabled: false },
    ]);
  });
});

describe('farms', () => {
  it("the picker changes only the farms it offers (the caller's): the user's other farms stay", () => {
    // offered 1 and 2; the user also holds 9, which the caller is not assigned
    expect(farmsAfterPick([1, 9], [1, 2], [1, 2])).toEqual([9, 1, 2]);
    expect(farmsAfterPick([1, 9], [], [1, 2])).toEqual([9]);
    // select-all answers the offered farms only
    expect(farmsAfterPick([9], [1, 2], [1, 2])).toEqual([9, 1, 2]);
    // a farm that is not offered cannot be picked
    expect(farmsAfterPick([], [1, 9], [1, 2])).toEqual([1]);
  });
});

describe('download file name', () => {
  it('comes from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="User-Legal-Entity-Report-2026-01-05-07-08-09.csv"', 'x.csv')).toBe(
      'User-Legal-Entity-Report-2026-01-05-07-08-09.csv',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a%20b.csv", 'x.csv')).toBe('a b.csv');
    expect(fileNameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });
});
