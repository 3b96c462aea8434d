/**
 * The fields of the Pest Thresholds form: a number typed as text (kept exactly as typed, so a value
 * with too many decimals is refused, never rounded) with its message under it, a row's name with
 * the message the shared rules give its pest, and a labelled choice for the add bars.
 */
import { Dropdown } from 'primereact/dropdown';
import { Controller, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError, FormField } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { NumberTextInput } from '../../../components/number-text-input';
import { useFormatters } from '../../../lib/use-formatters';
import type { Choice, ThresholdFormValues } from '../threshold-form';
import { thresholdFieldText } from '../threshold-text';

type FieldName = Path<ThresholdFormValues>;

interface NumberProps {
  control: Control<ThresholdFormValues>;
  name: FieldName;
  id: string;
  label: string;
  /** the label is read by assistive technology only (a table cell whose column says it) */
  hiddenLabel?: boolean;
  /** the id of a hint under the field */
  hintId?: string;
  integer?: boolean;
  disabled?: boolean;
  className?: string;
}

export function ThresholdNumber({ control, name, id, label, hiddenLabel, hintId, integer, disabled, className }: NumberProps) {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = thresholdFieldText(fieldState.error, t);
        const describedBy = [hintId, message ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
        return (
          <div className={['field', 'threshold-field', className].filter(Boolean).join(' ')}>
            <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : undefined}>
              {label}
            </label>
            <NumberTextInput
              id={id}
              integer={integer}
              culture={culture}
              value={field.value as number | null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              invalid={!!message}
              aria-describedby={describedBy}
              className="threshold-input"
            />
            <FieldError id={`${id}-error`} message={message} />
          </div>
        );
      }}
    />
  );
}

/** A row's name (pest, trap type) and the message a rule gives it (a pest listed twice, one no lure draws). */
export function RowName({ control, name, id, text }: { control: Control<ThresholdFormValues>; name: FieldName; id: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ fieldState }) => (
        <div className="threshold-row-name">
          <span>{text}</span>
          <FieldError id={`${id}-error`} message={thresholdFieldText(fieldState.error, t)} />
        </div>
      )}
    />
  );
}

interface ChoiceProps {
  id: string;
  label: string;
  value: string | null;
  options: Choice[];
  placeholder: string;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/** A labelled dropdown of the add bars. */
export function ChoiceField({ id, label, value, options, placeholder, onChange, disabled }: ChoiceProps) {
  return (
    <FormField id={id} label={label} error={undefined} className="field threshold-choice">
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={placeholder}
        disabled={disabled}
        filter={options.length > 8}
        resetFilterOnHide
        onChange={(e) => onChange((e.value as string | null | undefined) ?? null)}
        className="w-full"
        pt={{ ...labelledDropdownPt, filterInput: { 'aria-label': label } as never }}
      />
    </FormField>
  );
}
