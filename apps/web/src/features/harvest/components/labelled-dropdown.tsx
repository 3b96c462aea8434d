/** A filterable PrimeReact Dropdown with a visible label, with the shell's accessibility fixes. */
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';

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
  className?: string;
}

export function LabelledDropdown({ label, value, options, onChange, placeholder, loading, disabled, error, className }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
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
          // see organization-switcher.tsx: PrimeReact's aria-activedescendant on the root div is invalid (axe)
          root: { 'aria-activedescendant': undefined } as never,
          select: { 'aria-hidden': true } as never,
          input: (error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {}) as never,
          filterInput: { 'aria-label': label } as never,
          // the trigger is a second way to open the same list: hidden from assistive tech, which uses the combobox
          trigger: { 'aria-hidden': true, role: undefined } as never,
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
