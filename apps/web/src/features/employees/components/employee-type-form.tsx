/**
 * The Add New Type form: the type text, Save (disabled while empty) and Clear/Close. A type equal
 * to an existing one (case-insensitive, trimmed) gives "Type Already Exists"; the server checks the
 * same and answers it too. A saved type shows "Type Added Successfully" and is handed back so the
 * details form can select it; any other failure shows "Type Could Not Be Added".
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { employeeTypeExists, type EmployeeType } from '@orchard/shared/employees';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAddEmployeeType } from '../api/add-employee-type';

export function EmployeeTypeForm({ types, onClose, onAdded }: { types: EmployeeType[]; onClose: () => void; onAdded: (type: EmployeeType) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState('');
  const add = useAddEmployeeType();
  const empty = type.trim() === '';

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (empty || add.isPending) return;
    if (employeeTypeExists(type, types)) {
      toast.error(t('employees.typeExists'));
      return;
    }
    add.mutate(type.trim(), {
      onSuccess: (created) => {
        setType('');
        toast.success(t('employees.success'), t('employees.typeAdded'));
        onAdded(created);
      },
      onError: (err) => {
        if (isApiError(err) && err.status === 409) toast.error(t('employees.typeExists'));
        else toast.error(t('employees.typeNotAdded'), errorText(err));
      },
    });
  };

  return (
    <form className="employee-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('employees.addNewType')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('employees.newType')}</label>
        <InputText id={id} value={type} onChange={(e) => setType(e.target.value)} autoFocus />
      </div>
      <div className="form-buttons">
        <Button type="submit" label={t('employees.save')} loading={add.isPending} disabled={empty || add.isPending} />
        <Button type="button" label={t('employees.clear')} outlined onClick={() => setType('')} disabled={add.isPending} />
        <Button type="button" label={t('employees.close')} outlined onClick={onClose} disabled={add.isPending} />
      </div>
    </form>
  );
}
