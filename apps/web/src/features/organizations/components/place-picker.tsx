/**
 * Region, area or province: a picker mode (a dropdown and a button to add a new one) and an add
 * mode (an input with Clear and Save). Clear empties the input and goes back to the picker; Save
 * adds the new one through the server and selects it at once (a name already in the list, ignoring
 * case, is that one: the server answers it and it is selected). Where the row is too narrow for the
 * input beside its buttons (a phone), Clear and Save go together onto a line of their own.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeNameSchema } from '@orchard/shared/organizations';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { FieldLabel, FieldMessage, fieldAria } from './organization-form-fields';

export interface PlaceOption {
  id: number;
  name: string;
}

export function PlacePicker({
  label,
  newLabel,
  addLabel,
  options,
  value,
  onChange,
  onAdd,
  adding,
  addDisabledHint,
  loading,
  onDraftChange,
  required,
  error,
}: {
  label: string;
  newLabel: string;
  addLabel: string;
  options: readonly PlaceOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** saves the new one; answers its id */
  onAdd: (name: string) => Promise<number>;
  adding: boolean;
  /** set: adding is not possible now, and this says why */
  addDisabledHint?: string | null;
  loading?: boolean;
  /** told whether a new name is typed and not saved yet (the dialog's discard question counts it) */
  onDraftChange?: (typed: boolean) => void;
  /** Add Farm needs one: an asterisk beside the label */
  required?: boolean;
  /** the rule's message after an Add Farm attempt */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const [mode, setMode] = useState<'pick' | 'add'>('pick');
  const [name, setName] = useState('');
  const typed = mode === 'add' && name.trim() !== '';
  useEffect(() => onDraftChange?.(typed), [typed, onDraftChange]);

  const clear = () => {
    setName('');
    setMode('pick');
  };
  const save = async () => {
    if (name.trim() === '') return;
    // a name too long is refused with the server's own rule and message, never cut
    const checked = placeNameSchema.safeParse(name);
    if (!checked.success) {
      toast.error(t('organizations.create.errorTitle'), checked.error.issues[0]!.message);
      return;
    }
    try {
      const added = await onAdd(name.trim());
      onChange(added);
      clear();
    } catch (e) {
      toast.error(t('organizations.create.errorTitle'), errorText(e));
    }
  };

  if (mode === 'add') {
    return (
      <div className="field place-picker">
        <label htmlFor={id}>{newLabel}</label>
        <div className="place-picker-row">
          <InputText
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
            }}
            autoFocus
            className="place-picker-input"
          />
          <div className="place-picker-actions">
            <Button type="button" label={t('organizations.create.clear')} outlined onClick={clear} disabled={adding} />
            <Button
              type="button"
              label={t('organizations.create.save')}
              onClick={() => void save()}
              loading={adding}
              disabled={adding || name.trim() === ''}
            />
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="field place-picker">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="place-picker-row">
        <Dropdown
          inputId={id}
          value={value}
          options={[...options]}
          optionLabel="name"
          optionValue="id"
          onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
          placeholder={t('organizations.create.select')}
          filter
          pt={labelledDropdownPt}
          showClear
          loading={loading}
          className="place-picker-input"
          invalid={!!error}
          {...fieldAria(id, { required, error, hintId: addDisabledHint ? hintId : undefined })}
        />
        <Button
          type="button"
          icon="pi pi-plus"
          outlined
          aria-label={addLabel}
          title={addLabel}
          onClick={() => setMode('add')}
          disabled={!!addDisabledHint}
        />
      </div>
      <FieldMessage id={id} error={error} />
      {addDisabledHint && (
        <small id={hintId} className="field-hint">
          {addDisabledHint}
        </small>
      )}
    </div>
  );
}
