/** The PUC dropdown of the harvest pages: the PUC options ("farm name - PUC name", sorted), wide. */
import type { HarvestPucOption } from '@orchard/shared/harvest';
import { useTranslation } from 'react-i18next';
import { LabelledDropdown } from './labelled-dropdown';

interface Props {
  /** the PUC options as loaded (undefined while loading) */
  pucs: HarvestPucOption[] | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  loading?: boolean;
  disabled?: boolean;
}

export function PucDropdown({ pucs, value, onChange, loading, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <LabelledDropdown
      label={t('harvest.puc')}
      value={value}
      options={(pucs ?? []).map((p) => ({ label: p.label, value: p.id }))}
      placeholder={t('harvest.choosePuc')}
      loading={loading}
      disabled={disabled}
      onChange={onChange}
      className="harvest-field-wide"
    />
  );
}

/** The label of the chosen PUC, or '' (none chosen, or not among the options). */
export function pucLabel(pucs: HarvestPucOption[] | undefined, pucId: number | null): string {
  return pucs?.find((p) => p.id === pucId)?.label ?? '';
}
