/** Labelled filter dropdowns: PrimeReact MultiSelect (filter, 3 labels then "{0} items selected") and Dropdown. */
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
    <div className="picking-filter">
      <label htmlFor={id}>{label}</label>
      <MultiSelect
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="id"
        filter
        maxSelectedLabels={3}
        selectedItemsLabel={t('picking.itemsSelected')}
        placeholder={t('picking.all')}
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
    <div className="picking-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="id"
        filter
        showClear={clearable}
        placeholder={t('picking.all')}
        onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
        disabled={disabled}
        ariaLabel={label}
        className="w-full"
        pt={{ ...rootPt, select: { 'aria-hidden': true } as never }}
      />
    </div>
  );
}
