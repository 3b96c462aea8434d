/** A filterable PrimeReact Dropdown with a visible label, with the shell's accessibility fixes. */
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { labelledDropdownPt } from '../../../components/filter-fields';

export interface DropdownOption {
  label: string;
  value: number;
}

interface Props {
  label: string;
  value: number | null;
  options: DropdownOption[];
  onChange: (value: number | null) => void;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  /** error text shown under the control (and announced with it) */
  error?: string | null;
  /** the id of a text beside the control that explains it (announced with it) */
  hintId?: string;
  className?: string;
}

export function LabelledDropdown({ label, value, options, onChange, placeholder, loading, disabled, error, hintId, className }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(' ');
  return (
    <div className={`harvest-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        filter
        filterInputAutoFocus
        resetFilterOnHide
        placeholder={placeholder}
        disabled={disabled}
        loading={loading}
        invalid={!!error}
        onChange={(e) => onChange(typeof e.value === 'number' ? e.value : null)}
        className="w-full"
        pt={{
          ...labelledDropdownPt,
          input: { ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true } : {}) } as never,
          filterInput: { 'aria-label': label } as never,
        }}
      />
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}
