/**
 * The Role Setup Details dialog (docs/domain.md, Roles): name, description, permissions
 * and the default landing page. Without roles.manage everything is read-only and only Close shows.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useCallback, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { ROLE_DIALOG_MIN_WIDTH_PX, ROLE_DIALOG_WIDTH_PX } from '../../../lib/ui-constants';
import { roleBodySchema, type PermissionInfo, type Role, type RoleBody } from '@orchard/shared/roles';
import { FieldError, FormField } from '../../../components/field-error';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useMenuItemsByPermissions } from '../api/get-menu-items-by-permissions';
import { useSaveRole } from '../api/save-role';
import { groupPermissions } from '../permission-groups';
import { roleFieldText } from '../role-field-text';
import { usePermissionMenuReload } from '../use-permission-menu-reload';
import { LandingPagePicker } from './landing-page-picker';
import { PermissionSections } from './permission-sections';

interface RoleFormValues {
  name: string;
  description: string;
  permissions: string[];
  default_Landing_Page: string | null;
}

export interface RoleEditorProps {
  /** null: a new role */
  role: Role | null;
  catalogue: readonly PermissionInfo[];
  canManage: boolean;
  onSaved: (role: Role) => void;
  onClose: () => void;
}

const FIELDS = ['name', 'description', 'permissions', 'default_Landing_Page'] as const;

export function RoleEditor({ role, catalogue, canManage, onSaved, onClose }: RoleEditorProps) {
  const { t } = useTranslation();
  const formId = useId();
  const readOnly = !canManage;
  const groups = useMemo(() => groupPermissions(catalogue), [catalogue]);
  const save = useSaveRole();
  const [version, setVersion] = useState<number | null>(role?.version ?? null);
  const [pickerKey, setPickerKey] = useState(0);

  const {
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<RoleFormValues, unknown, RoleBody>({
    resolver: zodResolver(roleBodySchema) as never,
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
      default_Landing_Page: role?.default_Landing_Page ?? null,
    },
  });

  const guard = useDiscardGuard(isDirty && !save.isSuccess, onClose);
  const permissions = watch('permissions');
  const clearLandingPage = useCallback(() => {
    setValue('default_Landing_Page', null);
    setPickerKey((k) => k + 1);
  }, [setValue]);
  const { reloadFor, pending } = usePermissionMenuReload(permissions, clearLandingPage);
  const menu = useMenuItemsByPermissions(reloadFor);

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: role?.id ?? null, version, body });
      setVersion(saved.version);
      toast.success(t('shell.success'), t(role ? 'roles.saved' : 'roles.created', { name: saved.name }));
      onSaved(saved);
    } catch (e) {
      if (isApiError(e) && (e.status === 412 || e.code === 'PRECONDITION_FAILED')) {
        toast.error(t('roles.conflictCaption'), t('roles.conflictDetail'), true);
        return;
      }
      if (isApiError(e)) {
        for (const d of e.details ?? []) {
          const field = FIELDS.find((f) => f === d.field);
          if (field) setError(field, { type: d.reason, message: d.message });
        }
      }
      toast.error(t('roles.saveError'), [t('roles.saveErrorDetail'), errorText(e)].filter(Boolean).join('\n'), true);
    }
  });

  const footer = (
    <div className="role-editor-footer">
      <Button type="button" label={t('roles.close')} text onClick={guard.requestClose} />
      {canManage && (
        <>
          <Button type="button" label={t('roles.cancel')} severity="secondary" text onClick={guard.requestClose} disabled={save.isPending} />
          <Button
            type="submit"
            form={formId}
            label={save.isPending ? t('roles.saving') : t('roles.save')}
            icon={save.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'}
            disabled={save.isPending || pending}
          />
        </>
      )}
    </div>
  );

  const nameError = roleFieldText(errors.name, t);
  const descriptionError = roleFieldText(errors.description, t);

  return (
    <EditorDialog
      guard={guard}
      header={t('roles.dialogTitle')}
      visible
      modal
      style={{ width: `${ROLE_DIALOG_WIDTH_PX}px`, minWidth: `${ROLE_DIALOG_MIN_WIDTH_PX}px` }}
      breakpoints={{ '640px': '95vw' }}
      footer={footer}
      className="role-dialog"
    >
      <form id={formId} className="role-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormField id={`${formId}-name`} label={t('roles.roleName')} error={nameError} errorClassName="field-error">
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <InputText
                id={`${formId}-name`}
                {...field}
                disabled={readOnly}
                invalid={!!nameError}
                aria-invalid={!!nameError}
                aria-describedby={nameError ? `${formId}-name-error` : undefined}
                className="w-full"
              />
            )}
          />
        </FormField>
        <FormField id={`${formId}-description`} label={t('roles.roleDescription')} error={descriptionError} errorClassName="field-error">
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <InputTextarea
                id={`${formId}-description`}
                {...field}
                rows={2}
                autoResize
                disabled={readOnly}
                invalid={!!descriptionError}
                aria-describedby={descriptionError ? `${formId}-description-error` : undefined}
                className="w-full"
              />
            )}
          />
        </FormField>
        <Controller
          name="permissions"
          control={control}
          render={({ field }) => <PermissionSections groups={groups} value={field.value} onChange={field.onChange} readOnly={readOnly} />}
        />
        <FieldError message={errors.permissions?.message} className="field-error" />
        <Controller
          name="default_Landing_Page"
          control={control}
          render={({ field }) => (
            <LandingPagePicker
              key={pickerKey}
              items={menu.data ?? []}
              loading={menu.isFetching || pending}
              failed={menu.isError}
              value={field.value}
              onChange={field.onChange}
              readOnly={readOnly}
            />
          )}
        />
        <FieldError message={errors.default_Landing_Page?.message} className="field-error" />
      </form>
    </EditorDialog>
  );
}
