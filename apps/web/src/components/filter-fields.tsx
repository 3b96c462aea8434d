/**
 * The filter panels' pieces: labelled filter dropdowns (PrimeReact MultiSelect with a filter, 3
 * labels then "{0} items selected"; Dropdown) and the Hide Filter / Show Filter toggle.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './filter-fields.css';

export interface FilterOption {
  id: number;
  label: string;
}

interface FieldProps {
  label: string;
  options: FilterOption[];
  disabled?: boolean;
}

// PrimeReact puts aria-activedescendant on the root div of a focused dropdown (axe: aria-allowed-attr)
const rootPt = { root: { 'aria-activedescendant': undefined } as never };

export function MultiFilter({ label, options, value, onChange, disabled }: FieldProps & { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <MultiSelect
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="id"
        filter
        maxSelectedLabels={3}
        selectedItemsLabel={t('filters.itemsSelected')}
        placeholder={t('filters.all')}
        onChange={(e) => onChange(e.value as number[])}
        disabled={disabled}
        aria-label={label}
        className="w-full"
        pt={rootPt}
      />
    </div>
  );
}

export function SingleFilter({
  label,
  options,
  value,
  onChange,
  disabled,
  clearable,
}: FieldProps & { value: number | null; onChange: (id: number | null) => void; clearable?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="id"
        filter
        showClear={clearable}
        placeholder={t('filters.all')}
        onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
        disabled={disabled}
        ariaLabel={label}
        className="w-full"
        pt={{ ...rootPt, select: { 'aria-hidden': true } as never }}
      />
    </div>
  );
}

/** Hide Filter / Show Filter: tells assistive technology whether the panel is open. */
export function FilterToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      icon={shown ? 'pi pi-eye-slash' : 'pi pi-filter'}
      label={shown ? t('filters.hideFilter') : t('filters.showFilter')}
      outlined
      aria-expanded={shown}
      onClick={onToggle}
    />
  );
}
