/**
 * The user editor's side of the organisation: the user's roles (chosen, or shown as badges) and
 * the farms and packhouses assigned to them.
 */
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MULTISELECT_MAX_LABELS } from '../../../lib/ui-constants';
import { type FarmOption, type PackhouseOption } from '@orchard/shared/users';
import { FormField } from '../../../components/field-error';
import { farmsAfterPick, type RoleOption } from '../user-editor-logic';
import type { EditorFields } from './user-editor-fields';

export interface RolesFieldProps {
  fields: EditorFields;
  options: RoleOption[];
  /** a multi-select of the roles; otherwise the user's roles as badges */
  editable: boolean;
  /** the user's role names (the badges) */
  roles: readonly string[];
  disabled: boolean;
}

export function RolesField({ fields, options, editable, roles, disabled }: RolesFieldProps) {
  const { t } = useTranslation();
  const { form, fid, describedBy, errorOf } = fields;
  const labelId = `${fid('roleIds')}-label`;
  return (
    <FormField id={fid('roleIds')} label={t('users.roles')} labelId={labelId} error={errorOf('roleIds')}>
      {editable ? (
        <Controller
          name="roleIds"
          control={form.control}
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
              invalid={!!form.formState.errors.roleIds}
              aria-describedby={describedBy('roleIds')}
              className="w-full"
            />
          )}
        />
      ) : (
        <div className="role-badges" aria-labelledby={labelId} role="group">
          {roles.map((r) => (
            <Tag key={r} value={r} className="role-badge" />
          ))}
        </div>
      )}
    </FormField>
  );
}

interface OptionsQuery<T> {
  data: T[] | undefined;
  isLoading: boolean;
}

/** The farms the caller may assign (their own, or every farm for a super user); the user's other farms are kept. */
export function FarmsField({ fields, farms, disabled }: { fields: EditorFields; farms: OptionsQuery<FarmOption>; disabled: boolean }) {
  const { t } = useTranslation();
  const { form, fid } = fields;
  const offered = (farms.data ?? []).map((o) => o.id);
  return (
    <FormField id={fid('farmIds')} label={t('users.farms')} error={form.formState.errors.farmIds?.message}>
      <Controller
        name="farmIds"
        control={form.control}
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
            onChange={(e) => f.onChange(farmsAfterPick(f.value, e.value as number[], offered))}
            filter
            maxSelectedLabels={MULTISELECT_MAX_LABELS}
            selectedItemsLabel={t('users.itemsSelected')}
            loading={farms.isLoading}
            disabled={disabled}
            className="w-full"
          />
        )}
      />
    </FormField>
  );
}

export function PackhousesField({
  fields,
  packhouses,
  disabled,
}: {
  fields: EditorFields;
  packhouses: OptionsQuery<PackhouseOption>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { form, fid } = fields;
  return (
    <FormField id={fid('packhouseIds')} label={t('users.packhouses')} error={form.formState.errors.packhouseIds?.message}>
      <Controller
        name="packhouseIds"
        control={form.control}
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
    </FormField>
  );
}
