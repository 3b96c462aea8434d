/**
 * The user editor: the panel titled User Info (docs/domain.md, Users and roles). Used inside the
 * User Setup dialog (general editor: edit, new) and on the Profile page (edit self, starting in
 * view mode with an Edit button). Validation uses the server's zod schemas; server field details
 * appear under their fields; a failed save keeps every input.
 *
 * Changing password: editing yourself, the Change Password button opens Current, New and Confirm
 * Password fields in the editor; Save then sends them with the rest of the form (one save on the
 * server), Cancel or a successful save closes them and clears the passwords.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Panel } from 'primereact/panel';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { userFormSchema, type User, type UserListRole } from '@orchard/shared/users';
import { FormField } from '../../../components/field-error';
import { isApiError, errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFarmOptions, usePackhouseOptions } from '../api/get-options';
import { useSaveUser } from '../api/save-user';
import { useUnblockUser } from '../api/unblock-user';
import {
  createBody,
  editorCapabilities,
  initialValues,
  isInvalidCredentialsError,
  passwordChangeErrors,
  refusedSaveMessages,
  roleOptions,
  updateBody,
  PASSWORD_FIELDS,
  type EditorMode,
  type PasswordField,
  type RoleOption,
  type UserFormValues,
} from '../user-editor-logic';
import { FarmsField, PackhousesField, RolesField } from './user-assignment-fields';
import { UserAvatarField, useAvatarChoice, useAvatarUpload } from './user-avatar-field';
import { PhotoDownloadButton } from '../../../components/photo-download-button';

import { editorFields } from './user-editor-fields';
import { LinkPrompt, SystemUserAutoComplete, useLinkPrompt } from './user-link-prompt';
import { ChangePasswordButton, NewPasswordField, PasswordChangeFields } from './user-password-fields';

export interface UserEditorProps {
  mode: EditorMode;
  user?: User | null;
  /** the organisation's roles from the users list (null without roles.view) */
  listRoles?: readonly UserListRole[] | null;
  /** inside the User Setup dialog */
  inDialog?: boolean;
  /** the Profile page: starts in view mode; Edit switches to edit-self, Save and Cancel switch back */
  selfProfile?: boolean;
  /** after a successful save, a link or Close */
  onClose?: () => void;
  /** the dialog's Close: the dialog asks before discarding unsaved changes (else onClose) */
  requestClose?: () => void;
  /** whether the form holds changes not saved (the dialog guards its closing with it) */
  onDirtyChange?: (dirty: boolean) => void;
  /** after a save that changed your password (the password-changed event) */
  onPasswordChanged?: () => void;
}

const FORM_FIELDS: readonly (keyof UserFormValues)[] = [
  'userName',
  'email',
  'password',
  'fullName',
  'jobTitle',
  'phoneNumber',
  'isEnabled',
  'roleIds',
  'farmIds',
  'packhouseIds',
  ...PASSWORD_FIELDS,
];

export function UserEditor({
  mode: initialMode,
  user: initialUser,
  listRoles,
  inDialog = false,
  selfProfile = false,
  onClose,
  requestClose,
  onDirtyChange,
  onPasswordChanged,
}: UserEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const { hasPermission, userId, roles: ownRoles, user: me } = useSessionContext();
  const [user, setUser] = useState<User | null>(initialUser ?? null);
  // the Profile page starts read-only; Edit switches it to edit-self
  const [mode, setMode] = useState<EditorMode>(initialMode);
  // the changing-password mode: the password fields are open (only while editing yourself)
  const [changingPassword, setChangingPassword] = useState(false);
  const isSelf = selfProfile || initialMode === 'self' || (user != null && user.id === userId);
  const caps = editorCapabilities(mode, hasPermission, {
    isSelf,
    isLockedOut: user?.isLockedOut ?? false,
    selfProfile,
    isSuperUser: me?.isSuperUser ?? false,
    inOtherOrganizations: user?.inOtherOrganizations ?? false,
    editsSuperUser: user?.isSuperUser ?? false,
  });
  const isNew = mode === 'new';

  const schema = useMemo(() => userFormSchema({ isNew, canAssignRoles: caps.editRoles }), [isNew, caps.editRoles]);
  const zodResolve = useMemo(() => zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<UserFormValues>, [schema]);
  // the schema's rules, plus the changing-password rules of 5.1 while the password fields are open
  const resolver: Resolver<UserFormValues> = async (values, context, options) => {
    const result = await zodResolve(values, context, options);
    const passwordErrors = changingPassword ? Object.entries(passwordChangeErrors(values)) : [];
    if (passwordErrors.length === 0) return result;
    const errors = { ...result.errors };
    for (const [field, error] of passwordErrors) errors[field as PasswordField] = error;
    return { values: {}, errors };
  };
  const form = useForm<UserFormValues>({ defaultValues: initialValues(user), resolver, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError, setValue, formState } = form;

  useEffect(() => {
    if (changingPassword) form.setFocus('currentPassword');
  }, [changingPassword, form]);

  const farms = useFarmOptions(caps.editFarms || (mode === 'view' && hasPermission('users.assignFarms')));
  const packhouses = usePackhouseOptions(caps.editPackhouses);
  const save = useSaveUser();
  const avatarUpload = useAvatarUpload();
  const unblock = useUnblockUser();
  const avatar = useAvatarChoice();

  const options: RoleOption[] = useMemo(
    () => roleOptions(listRoles, ownRoles, user?.roleIds ?? [], caps.keepHeldRoles),
    [listRoles, ownRoles, user?.roleIds, caps.keepHeldRoles],
  );

  const resetForm = (next: User | null) => {
    setChangingPassword(false);
    reset(initialValues(next));
    avatar.clear();
  };

  const linkPrompt = useLinkPrompt({
    onLinked: () => {
      resetForm(null);
      onClose?.();
    },
    // declining: no selection, carry on creating a new user
    onDeclined: () => setValue('userName', '', { shouldValidate: false }),
  });

  const dirty = formState.isDirty || avatar.file !== null;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const busy = save.isPending || avatarUpload.pending || linkPrompt.isPending;
  // the stored picture: from this editor's own save, or from the server's fresher copy of the user
  // (an avatar uploaded after the save arrives there without a new version)
  const storedAvatar = user?.avatar ?? initialUser?.avatar ?? null;
  const disabled = caps.readOnly || busy;
  // the person's own details are theirs (or a super user's) when they also belong to another organisation
  const identityDisabled = disabled || !caps.editIdentity;

  const finish = (saved: User | null) => {
    setUser(saved);
    resetForm(saved);
    if (selfProfile) setMode('view');
    onClose?.();
  };

  const showServerDetails = (e: unknown) => {
    if (!isApiError(e) || !e.details) return;
    for (const d of e.details) {
      if ((FORM_FIELDS as readonly string[]).includes(d.field)) {
        setError(d.field as FieldPath<UserFormValues>, { type: d.reason, message: d.message });
      }
    }
  };

  /** A save the rules refuse: the inline texts under the fields, and the rules' own messages here. */
  const onInvalid = (errors: FieldErrors<UserFormValues>) => {
    const messages = refusedSaveMessages(errors, FORM_FIELDS, t);
    if (messages.length > 0) toast.error(t('users.saveError'), [t('users.saveErrorText'), ...messages].join('\n'));
  };

  const onSubmit = handleSubmit(async (values) => {
    let saved: User;
    try {
      saved = isNew
        ? await save.mutateAsync({ kind: 'create', body: createBody(values, caps) })
        : await save.mutateAsync({
            kind: 'update',
            id: (user as User).id,
            body: updateBody(values, (user as User).version, caps, changingPassword),
          });
    } catch (e) {
      showServerDetails(e);
      const message = errorText(e);
      let detail = `${t('users.saveErrorText')}\n${message}`;
      if (isApiError(e) && e.status === 412) detail = `${t('users.saveErrorText')}\n${t('users.conflict')}`;
      else if (isInvalidCredentialsError(e)) detail = `${t('users.saveErrorText')}\n${t('users.passwordMismatchCurrent')}`;
      toast.error(t('users.saveError'), detail, true);
      return;
    }
    // the avatar goes up after a successful save; nothing happens without a chosen file
    if (avatar.file) {
      const uploaded = await avatarUpload.send(saved.id, avatar.file);
      if (uploaded) saved = { ...saved, avatar: uploaded };
    }
    if (isNew) toast.success(t('users.success'), t('users.created', { userName: saved.userName }));
    else if (!isSelf) toast.success(t('users.success'), t('users.saved', { userName: saved.userName }));
    if (changingPassword) {
      toast.success(t('account.changed'), t('account.changedDetail'));
      onPasswordChanged?.();
    }
    finish(saved);
  }, onInvalid);

  const onCancel = () => {
    resetForm(user);
    toast.info(t('users.cancelled'), t('users.cancelledText'));
    if (selfProfile) setMode('view');
    else onClose?.();
  };

  const onUnblock = async () => {
    if (!user) return;
    try {
      const updated = await unblock.mutateAsync(user.id);
      setUser(updated);
      toast.success(t('users.success'), t('users.unblocked'));
    } catch (e) {
      toast.error(t('users.unblockError'), `${t('users.unblockErrorText')}\n${errorText(e)}`, true);
    }
  };

  const startChangingPassword = () => {
    if (mode === 'view') setMode('self');
    setChangingPassword(true);
  };

  const fields = editorFields(id, form, t);
  const { fid, describedBy, errorOf } = fields;

  const header = (
    <div className="user-editor-header">
      <span className="p-panel-title">{t('users.panelTitle')}</span>
      {selfProfile && mode === 'view' && (
        <Button type="button" icon="pi pi-pencil" label={t('users.edit')} size="small" onClick={() => setMode('self')} />
      )}
    </div>
  );

  const textField = (field: 'jobTitle' | 'fullName' | 'phoneNumber' | 'email', label: string, type = 'text') => (
    <FormField id={fid(field)} label={label} error={errorOf(field)}>
      <Controller
        name={field}
        control={control}
        render={({ field: f }) => (
          <InputText
            id={fid(field)}
            type={type}
            {...f}
            value={f.value}
            disabled={identityDisabled}
            invalid={!!formState.errors[field]}
            aria-describedby={describedBy(field)}
            className="w-full"
            autoComplete="off"
          />
        )}
      />
    </FormField>
  );

  return (
    <Panel headerTemplate={() => <div className="p-panel-header">{header}</div>} className="user-editor">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('users.panelTitle')}>
        {!caps.readOnly && !caps.editIdentity && (
          <p className="identity-note" role="note">
            <i className="pi pi-info-circle" aria-hidden="true" /> {t(user?.isSuperUser ? 'users.superUserLocked' : 'users.identityLocked')}
          </p>
        )}
        <div className="user-editor-grid">
          {textField('jobTitle', t('users.jobTitle'))}
          <FormField id={fid('userName')} label={t('users.userName')} error={errorOf('userName')}>
            <Controller
              name="userName"
              control={control}
              render={({ field: f }) =>
                caps.linkExisting ? (
                  <SystemUserAutoComplete
                    inputId={fid('userName')}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    onPick={linkPrompt.pick}
                    disabled={disabled}
                    invalid={!!formState.errors.userName}
                    describedBy={describedBy('userName')}
                  />
                ) : (
                  <InputText
                    id={fid('userName')}
                    {...f}
                    disabled={identityDisabled}
                    invalid={!!formState.errors.userName}
                    aria-describedby={describedBy('userName')}
                    className="w-full"
                    autoComplete="off"
                  />
                )
              }
            />
          </FormField>
          {caps.showPassword && <NewPasswordField fields={fields} disabled={disabled} />}
          {caps.changePassword && !changingPassword && (
            <ChangePasswordButton fields={fields} onClick={startChangingPassword} disabled={busy} />
          )}
          {textField('email', t('users.email'), 'email')}
          {changingPassword && <PasswordChangeFields fields={fields} disabled={disabled} />}
          {caps.showRoles && (
            <RolesField
              fields={fields}
              options={options}
              editable={caps.editRoles && !caps.readOnly}
              roles={user?.roles ?? []}
              disabled={disabled}
            />
          )}
          {textField('fullName', t('users.fullName'))}
          {textField('phoneNumber', t('users.phoneNumber'), 'tel')}
          {caps.editFarms && <FarmsField fields={fields} farms={farms} disabled={disabled} />}
          {caps.editPackhouses && <PackhousesField fields={fields} packhouses={packhouses} disabled={disabled} />}
          {caps.showAvatar && !caps.readOnly && (
            <UserAvatarField
              id={fid('avatar')}
              avatar={avatar}
              disabled={disabled}
              owner={user ? { avatar: storedAvatar, fullName: user.fullName, userName: user.userName } : undefined}
            />
          )}
          {avatarUpload.panel}
          {storedAvatar && (
            <div className="field field-wide">
              <PhotoDownloadButton container={BLOB_CONTAINERS.avatar} id={storedAvatar} disabled={busy} />
            </div>
          )}
          {caps.showEnabled && (
            <div className="field field-checkbox">
              <Controller
                name="isEnabled"
                control={control}
                render={({ field: f }) => (
                  <Checkbox
                    inputId={fid('isEnabled')}
                    checked={f.value}
                    onChange={(e) => f.onChange(!!e.checked)}
                    disabled={disabled || !caps.editEnabled}
                  />
                )}
              />
              <label htmlFor={fid('isEnabled')}>{t('users.enabled')}</label>
            </div>
          )}
          {caps.showUnblock && (
            <div className="field field-wide unblock-row">
              <span>{t('users.lockedOut')}</span>
              <Button
                type="button"
                icon="pi pi-lock-open"
                label={t('users.unblock')}
                severity="warning"
                outlined
                onClick={() => void onUnblock()}
                loading={unblock.isPending}
              />
            </div>
          )}
        </div>
        <div className="user-editor-actions">
          {!caps.readOnly && (
            <Button type="button" label={t('users.cancel')} icon="pi pi-times" severity="secondary" outlined onClick={onCancel} disabled={busy} />
          )}
          {inDialog && (
            <Button type="button" label={t('users.close')} icon="pi pi-sign-out" severity="secondary" outlined onClick={() => (requestClose ?? onClose)?.()} disabled={busy} />
          )}
          {!caps.readOnly && (
            <Button type="submit" label={busy ? t('users.saving') : t('users.save')} icon="pi pi-check" loading={busy} disabled={busy} />
          )}
        </div>
      </form>
      {caps.linkExisting && <LinkPrompt prompt={linkPrompt} />}
    </Panel>
  );
}
