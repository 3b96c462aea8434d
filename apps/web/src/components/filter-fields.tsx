/**
 * The filter panels' pieces: labelled filter dropdowns (PrimeReact MultiSelect with a filter, 3
 * labels then "{0} items selected"; Dropdown) and the Hide Filter / Show Filter toggle.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MULTISELECT_MAX_LABELS } from '../lib/ui-constants';
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

/**
 * A plain labelled Dropdown's pass-through for assistive tech: the labelled combobox is what it talks
 * to; the form-only select and the trigger (a second way to open the same list) are hidden from it
 * (axe: select-name, aria-command-name).
 */
export const labelledDropdownPt = {
  ...rootPt,
  select: { 'aria-hidden': true } as never,
  trigger: { 'aria-hidden': true, role: undefined } as never,
};

/** A filter's label above its control; the control takes the id the label names. */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** What both filter controls share: the options by id and label, a search box, "All" when empty. */
function choiceProps(options: FilterOption[], disabled: boolean | undefined, all: string) {
  return { options, optionLabel: 'label', optionValue: 'id', filter: true, placeholder: all, disabled, className: 'w-full' };
}

export function MultiFilter({ label, options, value, onChange, disabled }: FieldProps & { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <FilterField label={label}>
      {(id) => (
        <MultiSelect
          {...choiceProps(options, disabled, t('filters.all'))}
          inputId={id}
          value={value}
          maxSelectedLabels={MULTISELECT_MAX_LABELS}
          selectedItemsLabel={t('filters.itemsSelected')}
          onChange={(e) => onChange(e.value as number[])}
          aria-label={label}
          pt={rootPt}
        />
      )}
    </FilterField>
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
  return (
    <FilterField label={label}>
      {(id) => (
        <Dropdown
          {...choiceProps(options, disabled, t('filters.all'))}
          inputId={id}
          value={value}
          showClear={clearable}
          onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
          ariaLabel={label}
          pt={{ ...rootPt, select: { 'aria-hidden': true } as never }}
        />
      )}
    </FilterField>
  );
}

export interface FilterToggleProps {
  shown: boolean;
  onToggle: () => void;
  /** the id of the panel it shows and hides, when the panel stays in the page while hidden */
  controls?: string;
  /** outlined (the default) or text: the report pages' quieter button beside their title */
  appearance?: 'outlined' | 'text';
  className?: string;
}

/** Hide Filter / Show Filter: tells assistive technology whether the panel is open. */
export function FilterToggle({ shown, onToggle, controls, appearance = 'outlined', className }: FilterToggleProps) {
  const { t } = useTranslation();
  const text = appearance === 'text';
  const hideIcon = text ? 'pi pi-filter-slash' : 'pi pi-eye-slash';
  return (
    <Button
      type="button"
      className={text ? ['p-button-text', className].filter(Boolean).join(' ') : className}
      icon={shown ? hideIcon : 'pi pi-filter'}
      label={shown ? t('filters.hideFilter') : t('filters.showFilter')}
      outlined={!text}
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    />
  );
}
