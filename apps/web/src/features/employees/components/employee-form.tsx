/**
 * The Details form: Employee Type, Legal Entity and Full Name. id 0 adds (button Add), an id above
 * 0 edits (button Save); Clear returns to id 0 with empty fields. Add/Save is enabled only when all
 * three are set. A duplicate shows "User Exists" with the server's message.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { canSaveEmployee, type EmployeeLegalEntity, type EmployeeType } from '@orchard/shared/employees';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSaveEmployee } from '../api/save-employee';

export interface EmployeeFormValues {
  id: number;
  version: number;
  type: number | null;
  legal_Entity: number | null;
  fullname: string;
}

export const EMPTY_EMPLOYEE: EmployeeFormValues = { id: 0, version: 0, type: null, legal_Entity: null, fullname: '' };

// PrimeReact puts aria-activedescendant on the root div of a focused dropdown (axe: aria-allowed-attr)
const dropdownPt = { root: { 'aria-activedescendant': undefined } as never, select: { 'aria-hidden': true } as never };

export function EmployeeForm({
  value,
  onChange,
  types,
  legalEntities,
  canManageTypes,
  onAddType,
}: {
  value: EmployeeFormValues;
  onChange: (value: EmployeeFormValues) => void;
  types: EmployeeType[];
  legalEntities: EmployeeLegalEntity[];
  canManageTypes: boolean;
  onAddType: () => void;
}) {
  const { t } = useTranslation();
  const typeId = useId();
  const entityId = useId();
  const nameId = useId();
  const save = useSaveEmployee();
  const editing = value.id > 0;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!canSaveEmployee(value) || save.isPending) return;
    save.mutate(
      { id: value.id, version: value.version, type: value.type!, legal_Entity: value.legal_Entity!, fullname: value.fullname.trim() },
      {
        onSuccess: () => {
          toast.success(t('employees.success'), editing ? t('employees.updated') : t('employees.added'));
          onChange(EMPTY_EMPLOYEE);
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 409) toast.error(t('employees.duplicateTitle'), err.message);
          else toast.error(t('employees.error'), errorText(err));
        },
      },
    );
  };

  return (
    <form className="employee-form" onSubmit={onSubmit} noValidate aria-labelledby={`${nameId}-title`}>
      <h2 id={`${nameId}-title`}>{t('employees.details')}</h2>
      <div className="field">
        <label htmlFor={typeId}>{t('employees.employeeType')}</label>
        <div className="field-with-action">
          <Dropdown
            inputId={typeId}
            value={value.type}
            options={types}
            optionLabel="type"
            optionValue="id"
            filter
            placeholder={t('employees.selectType')}
            onChange={(e) => onChange({ ...value, type: (e.value as number | null | undefined) ?? null })}
            ariaLabel={t('employees.employeeType')}
            pt={dropdownPt}
            className="w-full"
          />
          {canManageTypes && (
            <Button type="button" icon="pi pi-plus" outlined aria-label={t('employees.addNewType')} title={t('employees.addNewType')} onClick={onAddType} />
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor={entityId}>{t('employees.legalEntity')}</label>
        <Dropdown
          inputId={entityId}
          value={value.legal_Entity}
          options={legalEntities}
          optionLabel="name"
          optionValue="id"
          filter
          placeholder={t('employees.selectLegalEntity')}
          onChange={(e) => onChange({ ...value, legal_Entity: (e.value as number | null | undefined) ?? null })}
          ariaLabel={t('employees.legalEntity')}
          pt={dropdownPt}
          className="w-full"
        />
      </div>
      <div className="field">
        <label htmlFor={nameId}>{t('employees.fullName')}</label>
        <InputText id={nameId} value={value.fullname} onChange={(e) => onChange({ ...value, fullname: e.target.value })} />
      </div>
      <div className="form-buttons">
        <Button
          type="submit"
          label={editing ? t('employees.save') : t('employees.add')}
          loading={save.isPending}
          disabled={!canSaveEmployee(value) || save.isPending}
        />
        <Button type="button" label={t('employees.clear')} outlined onClick={() => onChange(EMPTY_EMPLOYEE)} disabled={save.isPending} />
      </div>
    </form>
  );
}
