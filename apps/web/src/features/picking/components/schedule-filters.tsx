/**
 * The picking schedule's filter panel: packhouse, producer, farm and variety. A packhouse user picks
 * one packhouse, producer and farm; everyone else picks any number of each.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiFilter, SingleFilter, type FilterOption } from '../../../components/filter-fields';

export interface ScheduleFilterOptions {
  packhouses: FilterOption[];
  producers: FilterOption[];
  farms: FilterOption[];
  varieties: FilterOption[];
}

export interface ScheduleFilterValues {
  packhouses: number[] | null;
  producers: number[];
  farms: number[];
  varieties: number[];
}

type FilterKey = keyof ScheduleFilterValues;

interface Props {
  packhouseUser: boolean;
  options: ScheduleFilterOptions;
  values: ScheduleFilterValues;
  onChange: (key: FilterKey, ids: number[]) => void;
}

interface FieldProps {
  /** one value at a time (a dropdown) instead of any number (a multi-select) */
  single: boolean;
  clearable?: boolean;
  label: string;
  options: FilterOption[];
  value: number[];
  onChange: (ids: number[]) => void;
}

function ScheduleFilterField({ single, clearable, label, options, value, onChange }: FieldProps) {
  if (!single) return <MultiFilter label={label} options={options} value={value} onChange={onChange} />;
  return (
    <SingleFilter
      label={label}
      options={options}
      value={value[0] ?? null}
      clearable={clearable}
      onChange={(id: number | null) => onChange(id === null ? [] : [id])}
    />
  );
}

/** Memoised: the schedule view redraws on every edit, the filters only when their options or values change. */
export const ScheduleFilters = memo(function ScheduleFilters({ packhouseUser, options, values, onChange }: Props) {
  const { t } = useTranslation();
  const fields: { key: FilterKey; label: string; single: boolean; clearable?: boolean }[] = [
    { key: 'packhouses', label: t('picking.packhouse'), single: packhouseUser },
    { key: 'producers', label: t('picking.producer'), single: packhouseUser, clearable: true },
    { key: 'farms', label: t('picking.farm'), single: packhouseUser, clearable: true },
    { key: 'varieties', label: t('picking.variety'), single: false },
  ];
  return (
    <section className="picking-filters" aria-label={t('picking.filters')}>
      {fields.map(({ key, ...field }) => (
        <ScheduleFilterField key={key} {...field} options={options[key]} value={values[key] ?? []} onChange={(ids) => onChange(key, ids)} />
      ))}
    </section>
  );
});
