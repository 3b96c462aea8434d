/**
 * The labelled fields of the farm setup dialogs (text, number typed as text, choice), each with its
 * message beside it: the shared rule's text, or the server's by reason.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { NumberTextInput } from '../../../components/number-text-input';
import { useFormatters } from '../../../lib/use-formatters';
import { fieldMessage } from '../farm-setup-text';

interface FieldProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  label: string;
  /** the message for a value of the wrong kind (nothing chosen, no number) */
  fallback?: string;
}

export function TextField<V extends FieldValues>({ control, name, label, fallback }: FieldProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldMessage(fieldState.error, t, fallback)}>
          <InputText
            id={id}
            value={(field.value as string | null) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            invalid={!!fieldState.error}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
            className="w-full"
          />
        </FormField>
      )}
    />
  );
}

export function NumberField<V extends FieldValues>({ control, name, label, fallback, integer }: FieldProps<V> & { integer?: boolean }) {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldMessage(fieldState.error, t, fallback)}>
          <NumberTextInput
            id={id}
            integer={integer}
            culture={culture}
            value={field.value as number | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={!!fieldState.error}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
            className="w-full"
          />
        </FormField>
      )}
    />
  );
}

export interface Choice<T extends string | number> {
  label: string;
  value: T;
}

export function ChoiceField<V extends FieldValues, T extends string | number>({
  control,
  name,
  label,
  fallback,
  options,
  placeholder,
  clearable,
}: FieldProps<V> & { options: Choice<T>[]; placeholder: string; /** the choice can be emptied */ clearable?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldMessage(fieldState.error, t, fallback)}>
          <Dropdown
            inputId={id}
            value={field.value as T | null}
            options={options}
            optionLabel="label"
            optionValue="value"
            filter
            resetFilterOnHide
            showClear={clearable}
            placeholder={placeholder}
            invalid={!!fieldState.error}
            onChange={(e) => field.onChange((e.value as T | null | undefined) ?? null)}
            onBlur={field.onBlur}
            className="w-full"
            pt={{
              ...labelledDropdownPt,
              input: (fieldState.error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {}) as never,
              filterInput: { 'aria-label': label } as never,
            }}
          />
        </FormField>
      )}
    />
  );
}
