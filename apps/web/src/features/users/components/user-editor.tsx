/**
 * The user editor: the panel titled User Info (spec 01, 2.7, 4.3, 5.1, 8.2). Used inside the
 * User Setup dialog (general editor: edit, new) and on the Profile page (edit self, starting in
 * view mode with an Edit button). Validation uses the server's zod schemas; server field details
 * appear under their fields; a failed save keeps every input.
 *
 * Changing password: editing yourself, the Change Password button opens Current, New and Confirm
 * Password fields in the editor; Save then sends them with the rest of the form (one save on the
 * server), Cancel or a successful save closes them and clears the passwords.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ConfirmDialog } from 'primereact/confirmdialog';
import {
  FileUpload,
  type FileUploadHeaderTemplateOptions,
  type FileUploadSelectEvent,
  type ItemTemplateOptions,
} from 'primereact/fileupload';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Panel } from 'primereact/panel';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AVATAR_MAX_BYTES,
  MULTISELECT_MAX_LABELS,
  userFormSchema,
  type SystemUser,
  type User,
  type UserListRole,
} from '@orchard/shared';
import { isApiError, errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session/session-store';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { systemUsersQueryOptions } from '../api/get-system-users';
import { useFarmOptions, usePackhouseOptions } from '../api/get-options';
import { useLinkUser } from '../api/link-user';
import { useSaveUser } from '../api/save-user';
import { useUnblockUser } from '../api/unblock-user';
import { useUploadAvatar } from '../api/upload-avatar';
import {
  createBody,
  editorCapabilities,
  initialValues,
  inlineMessage,
  isInvalidCredentialsMessage,
  passwordChangeErrors,
  roleOptions,
  updateBody,
  PASSWORD_FIELDS,
  type EditorMode,
  type PasswordField,
  type RoleOption,
  type UserFormValues,
} from '../user-editor-logic';
import { FieldError } from './field-error';

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
  /** after a save that changed your password (spec 4.6: the password-changed event) */
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
  onPasswordChanged,
}: UserEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const { hasPermission, userId, roles: ownRoles } = useSessionContext();
  const [user, setUser] = useState<User | null>(initialUser ?? null);
  // the Profile page starts read-only; Edit switches it to edit-self
  const [mode, setMode] = useState<EditorMode>(initialMode);
  // the changing-password mode: the password fields are open (only while editing yourself)
  const [changingPassword, setChangingPassword] = useState(false);
  const isSelf = selfProfile || initialMode === 'self' || (user != null && user.id === userId);
  const caps = editorCapabilities(mode, hasPermission, { isSelf, isLockedOut: user?.isLockedOut ?? false, selfProfile });
  const isNew = mode === 'new';

  const schema = useMemo(() => userFormSchema({ isNew, canAssignRoles: caps.editRoles }), [isNew, caps.editRoles]);
  const zodResolve = useMemo(() => zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<UserFormValues>, [schema]);
  // the schema's rules, plus the changing-password rules of 5.1 while the password fields are open
  const resolver: Resolver<UserFormValues> = async (values, context, options) => {
    const result = await zodResolve(values, context, options);
    const passwordErrors = changingPassword ? Object.entries(passwordChangeErrors(values)) : [];
    if (passwordErrors.length === 0) return result;
    const errors = { ...result.errors };
    for (const [field, message] of passwordErrors) errors[field as PasswordField] = { type: 'validate', message };
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
  const uploadAvatar = useUploadAvatar();
  const unblock = useUnblockUser();
  const link = useLinkUser();

  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileUploadRef = useRef<FileUpload>(null);
  const [suggestions, setSuggestions] = useState<SystemUser[]>([]);

  const options: RoleOption[] = useMemo(
    () => roleOptions(listRoles, ownRoles, user?.roleIds ?? []),
    [listRoles, ownRoles, user?.roleIds],
  );

  const busy = save.isPending || uploadAvatar.isPending || link.isPending;
  const disabled = caps.readOnly || busy;

  const resetForm = (next: User | null) => {
    setChangingPassword(false);
    reset(initialValues(next));
    setAvatarFile(null);
    setAvatarError(null);
    fileUploadRef.current?.clear();
  };

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
        setError(d.field as FieldPath<UserFormValues>, { type: 'server', message: d.message });
      }
    }
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
      else if (isInvalidCredentialsMessage(message)) detail = `${t('users.saveErrorText')}\n${t('users.passwordMismatchCurrent')}`;
      toast.error(t('users.saveError'), detail, true);
      return;
    }
    // the avatar goes up after a successful save; nothing happens without a chosen file
    if (avatarFile) {
      try {
        const { avatar } = await uploadAvatar.mutateAsync({ id: saved.id, file: avatarFile });
        saved = { ...saved, avatar };
      } catch (e) {
        toast.error(t('users.avatarError'), `${t('users.avatarErrorText')}\n${errorText(e)}`, true);
      }
    }
    if (isNew) toast.success(t('users.success'), t('users.created', { userName: saved.userName }));
    else if (!isSelf) toast.success(t('users.success'), t('users.saved', { userName: saved.userName }));
    if (changingPassword) {
      toast.success(t('account.changed'), t('account.changedDetail'));
      onPasswordChanged?.();
    }
    finish(saved);
  });

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

  const completeSystemUsers = async (e: AutoCompleteCompleteEvent) => {
    const query = e.query.trim();
    if (!query) return setSuggestions([]);
    try {
      setSuggestions(await queryClient.fetchQuery(systemUsersQueryOptions(organizationId, query)));
    } catch {
      setSuggestions([]);
    }
  };

  // the user picked in the link autocomplete, waiting for the confirmation
  const [linkCandidate, setLinkCandidate] = useState<SystemUser | null>(null);

  const confirmLink = async () => {
    const picked = linkCandidate;
    setLinkCandidate(null);
    if (!picked) return;
    try {
      await link.mutateAsync(picked.id);
      toast.success(t('users.success'), t('users.linked', { userName: picked.userName }));
      resetForm(null);
      onClose?.();
    } catch (err) {
      toast.error(t('users.linkError'), `${t('users.linkErrorText')}\n${errorText(err)}`, true);
    }
  };

  // declining: no selection, carry on creating a new user
  const declineLink = () => {
    setLinkCandidate(null);
    setValue('userName', '', { shouldValidate: false });
  };

  const onAvatarSelect = (e: FileUploadSelectEvent) => {
    const file = e.files[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setAvatarError(t('users.avatarNotImage'));
      setAvatarFile(null);
      fileUploadRef.current?.clear();
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setAvatarError(t('users.avatarTooLarge'));
      setAvatarFile(null);
      fileUploadRef.current?.clear();
      return;
    }
    setAvatarError(null);
    setAvatarFile(file);
  };

  const startChangingPassword = () => {
    if (mode === 'view') setMode('self');
    setChangingPassword(true);
  };

  /** After a password field changes, its neighbours' messages follow (e.g. the mismatch clears). */
  const revalidateOtherPasswords = (changed: PasswordField) => {
    const shown = PASSWORD_FIELDS.filter((f) => f !== changed && formState.errors[f]);
    if (shown.length > 0) void form.trigger(shown);
  };

  const errorOf = (field: keyof UserFormValues, value: unknown) => {
    const message = formState.errors[field]?.message;
    return message ? inlineMessage(field, message, value, t) : undefined;
  };

  const fid = (field: string) => `${id}-${field}`;
  const describedBy = (field: keyof UserFormValues) => (formState.errors[field] ? `${fid(field)}-error` : undefined);

  const header = (
    <div className="user-editor-header">
      <span className="p-panel-title">{t('users.panelTitle')}</span>
      {selfProfile && mode === 'view' && (
        <Button type="button" icon="pi pi-pencil" label={t('users.edit')} size="small" onClick={() => setMode('self')} />
      )}
    </div>
  );

  const textField = (field: 'jobTitle' | 'fullName' | 'phoneNumber' | 'email', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={fid(field)}>{label}</label>
      <Controller
        name={field}
        control={control}
        render={({ field: f }) => (
          <InputText
            id={fid(field)}
            type={type}
            {...f}
            value={f.value}
            disabled={disabled}
            invalid={!!formState.errors[field]}
            aria-describedby={describedBy(field)}
            className="w-full"
            autoComplete="off"
          />
        )}
      />
      <FieldError id={`${fid(field)}-error`} message={errorOf(field, form.getValues(field))} />
    </div>
  );

  return (
    <Panel headerTemplate={() => <div className="p-panel-header">{header}</div>} className="user-editor">
      <form onSubmit={onSubmit} noValidate aria-label={t('users.panelTitle')}>
        <div className="user-editor-grid">
          {textField('jobTitle', t('users.jobTitle'))}
          <div className="field">
            <label htmlFor={fid('userName')}>{t('users.userName')}</label>
            <Controller
              name="userName"
              control={control}
              render={({ field: f }) =>
                caps.linkExisting ? (
                  <AutoComplete
                    inputId={fid('userName')}
                    value={f.value}
                    suggestions={suggestions}
                    completeMethod={completeSystemUsers}
                    minLength={1}
                    delay={250}
                    field="userName"
                    itemTemplate={(s: SystemUser) => (
                      <div className="system-user-option">
                        <span className="system-user-name">{s.userName}</span>
                        <span className="system-user-email">{s.email}</span>
                      </div>
                    )}
                    onChange={(e) => {
                      if (typeof e.value === 'string') f.onChange(e.value);
                    }}
                    onSelect={(e) => setLinkCandidate(e.value as SystemUser)}
                    onBlur={f.onBlur}
                    disabled={disabled}
                    invalid={!!formState.errors.userName}
                    aria-describedby={describedBy('userName')}
                    className="w-full"
                    inputClassName="w-full"
                  />
                ) : (
                  <InputText
                    id={fid('userName')}
                    {...f}
                    disabled={disabled}
                    invalid={!!formState.errors.userName}
                    aria-describedby={describedBy('userName')}
                    className="w-full"
                    autoComplete="off"
                  />
                )
              }
            />
            <FieldError id={`${fid('userName')}-error`} message={errorOf('userName', form.getValues('userName'))} />
          </div>
          {caps.showPassword && (
            <div className="field">
              <label htmlFor={fid('password')}>{t('users.password')}</label>
              <Controller
                name="password"
                control={control}
                render={({ field: f }) => (
                  <Password
                    inputId={fid('password')}
                    value={f.value}
                    onChange={(e) => f.onChange(e.target.value)}
                    onBlur={f.onBlur}
                    feedback={false}
                    toggleMask
                    disabled={disabled}
                    invalid={!!formState.errors.password}
                    aria-describedby={describedBy('password')}
                    className="w-full"
                    inputClassName="w-full"
                    autoComplete="new-password"
                  />
                )}
              />
              <FieldError id={`${fid('password')}-error`} message={errorOf('password', form.getValues('password'))} />
            </div>
          )}
          {caps.changePassword && !changingPassword && (
            <div className="field">
              <span className="field-label" id={`${fid('changePassword')}-label`}>
                {t('users.password')}
              </span>
              <Button
                type="button"
                link
                icon="pi pi-key"
                label={t('users.changePassword')}
                className="change-password-button"
                aria-describedby={`${fid('changePassword')}-label`}
                onClick={startChangingPassword}
                disabled={busy}
              />
            </div>
          )}
          {textField('email', t('users.email'), 'email')}
          {changingPassword && (
            <fieldset className="field field-wide password-well">
              <legend>{t('users.changePassword')}</legend>
              {PASSWORD_FIELDS.map((name) => (
                <div className="field" key={name}>
                  <label htmlFor={fid(name)}>{t(`account.${name}`)}</label>
                  <Controller
                    name={name}
                    control={control}
                    render={({ field: f }) => (
                      <Password
                        inputId={fid(name)}
                        inputRef={f.ref}
                        value={f.value}
                        onChange={(e) => {
                          f.onChange(e.target.value);
                          revalidateOtherPasswords(name);
                        }}
                        onBlur={f.onBlur}
                        feedback={false}
                        toggleMask
                        disabled={disabled}
                        invalid={!!formState.errors[name]}
                        aria-describedby={describedBy(name)}
                        className="w-full"
                        inputClassName="w-full"
                        autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
                      />
                    )}
                  />
                  <FieldError id={`${fid(name)}-error`} message={errorOf(name, form.getValues(name))} />
                </div>
              ))}
            </fieldset>
          )}
          {caps.showRoles && (
            <div className="field">
              <label htmlFor={fid('roleIds')} id={`${fid('roleIds')}-label`}>
                {t('users.roles')}
              </label>
              {caps.editRoles && !caps.readOnly ? (
                <Controller
                  name="roleIds"
                  control={control}
                  render={({ field: f }) => (
                    <MultiSelect
                      inputId={fid('roleIds')}
                      value={f.value}
                      options={options}
                      optionLabel="name"
                      optionValue="id"
                      optionDisabled="disabled"
                      itemTemplate={(o: RoleOption) => (
                        <span title={o.description ?? undefined} className="role-option">
                          {o.name}
                        </span>
                      )}
                      onChange={(e) => f.onChange(e.value as number[])}
                      onBlur={f.onBlur}
                      filter
                      display="chip"
                      maxSelectedLabels={MULTISELECT_MAX_LABELS}
                      selectedItemsLabel={t('users.itemsSelected')}
                      placeholder={t('users.selectRoles')}
                      disabled={disabled}
                      invalid={!!formState.errors.roleIds}
                      aria-describedby={describedBy('roleIds')}
                      className="w-full"
                    />
                  )}
                />
              ) : (
                <div className="role-badges" aria-labelledby={`${fid('roleIds')}-label`} role="group">
                  {(user?.roles ?? []).map((r) => (
                    <Tag key={r} value={r} className="role-badge" />
                  ))}
                </div>
              )}
              <FieldError id={`${fid('roleIds')}-error`} message={errorOf('roleIds', form.getValues('roleIds'))} />
            </div>
          )}
          {textField('fullName', t('users.fullName'))}
          {textField('phoneNumber', t('users.phoneNumber'), 'tel')}
          {caps.editFarms && (
            <div className="field">
              <label htmlFor={fid('farmIds')}>{t('users.farms')}</label>
              <Controller
                name="farmIds"
                control={control}
                render={({ field: f }) => (
                  <MultiSelect
                    inputId={fid('farmIds')}
                    value={f.value}
                    options={farms.data ?? []}
                    optionValue="id"
                    optionLabel="farm_Name"
                    filterBy="farm_Name,area_Name"
                    itemTemplate={(o: { farm_Name: string; area_Name: string | null }) => (
                      <span className="farm-option">
                        {o.farm_Name}
                        {o.area_Name && <span className="farm-area"> ({o.area_Name})</span>}
                      </span>
                    )}
                    onChange={(e) => f.onChange(e.value as number[])}
                    filter
                    maxSelectedLabels={MULTISELECT_MAX_LABELS}
                    selectedItemsLabel={t('users.itemsSelected')}
                    loading={farms.isLoading}
                    disabled={disabled}
                    className="w-full"
                  />
                )}
              />
              <FieldError id={`${fid('farmIds')}-error`} message={formState.errors.farmIds?.message} />
            </div>
          )}
          {caps.editPackhouses && (
            <div className="field">
              <label htmlFor={fid('packhouseIds')}>{t('users.packhouses')}</label>
              <Controller
                name="packhouseIds"
                control={control}
                render={({ field: f }) => (
                  <MultiSelect
                    inputId={fid('packhouseIds')}
                    value={f.value}
                    options={packhouses.data ?? []}
                    optionValue="id"
                    optionLabel="name"
                    onChange={(e) => f.onChange(e.value as number[])}
                    filter
                    maxSelectedLabels={MULTISELECT_MAX_LABELS}
                    selectedItemsLabel={t('users.itemsSelected')}
                    loading={packhouses.isLoading}
                    disabled={disabled}
                    className="w-full"
                  />
                )}
              />
              <FieldError id={`${fid('packhouseIds')}-error`} message={formState.errors.packhouseIds?.message} />
            </div>
          )}
          {caps.showAvatar && !caps.readOnly && (
            <div className="field field-wide">
              <span className="field-label" id={`${fid('avatar')}-label`}>
                {t('users.avatar')}
              </span>
              <FileUpload
                ref={fileUploadRef}
                name="file"
                mode="advanced"
                accept="image/*"
                maxFileSize={AVATAR_MAX_BYTES}
                customUpload
                auto={false}
                multiple={false}
                chooseLabel={t('users.chooseAvatar')}
                chooseOptions={{ icon: 'pi pi-image', className: 'p-button-outlined' }}
                headerTemplate={(o: FileUploadHeaderTemplateOptions) => (
                  <div className={o.className}>{o.chooseButton}</div>
                )}
                onSelect={onAvatarSelect}
                onValidationFail={(file) =>
                  setAvatarError(file.size > AVATAR_MAX_BYTES ? t('users.avatarTooLarge') : t('users.avatarNotImage'))
                }
                onClear={() => setAvatarFile(null)}
                onRemove={() => setAvatarFile(null)}
                emptyTemplate={<p className="avatar-hint">{t('users.avatarHint')}</p>}
                itemTemplate={(file: object, o: ItemTemplateOptions) => (
                  <div className="avatar-file">
                    <span className="avatar-file-name">{(file as File).name}</span>
                    <span className="avatar-file-size">{o.formatSize}</span>
                    <Button
                      type="button"
                      icon="pi pi-times"
                      rounded
                      text
                      severity="danger"
                      aria-label={t('users.removeAvatar', { name: (file as File).name })}
                      onClick={(e) => o.onRemove(e)}
                    />
                  </div>
                )}
                progressBarTemplate={<></>}
                disabled={disabled}
                pt={{ input: { 'aria-labelledby': `${fid('avatar')}-label` } as Record<string, string> }}
              />
              <FieldError id={`${fid('avatar')}-error`} message={avatarError ?? undefined} />
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
                onClick={onUnblock}
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
            <Button type="button" label={t('users.close')} icon="pi pi-sign-out" severity="secondary" outlined onClick={() => onClose?.()} disabled={busy} />
          )}
          {!caps.readOnly && (
            <Button type="submit" label={busy ? t('users.saving') : t('users.save')} icon="pi pi-check" loading={busy} disabled={busy} />
          )}
        </div>
      </form>
      {caps.linkExisting && (
        <ConfirmDialog
          visible={linkCandidate !== null}
          onHide={(result) => {
            if (result !== 'accept') declineLink();
          }}
          header={t('users.linkTitle')}
          message={t('users.linkConfirm')}
          icon="pi pi-link"
          acceptLabel={t('users.yes')}
          rejectLabel={t('users.no')}
          accept={() => void confirmLink()}
          reject={declineLink}
        />
      )}
    </Panel>
  );
}
