/** PUC, then production block of that PUC, then packhouse: what a bin intake or tipping is for. */
import { useTranslation } from 'react-i18next';
import { useBlockReport } from '../api/get-block-report';
import { useHarvestPackhouses } from '../api/get-packhouses';
import { useHarvestPucs } from '../api/get-pucs';
import { LabelledDropdown } from './labelled-dropdown';
import { PucDropdown } from './puc-dropdown';

export interface BlockChoice {
  puc: number | null;
  productionBlock: number | null;
  packhouse: number | null;
}

interface Props {
  value: BlockChoice;
  onChange: (value: BlockChoice) => void;
  errors: { productionBlock?: string | null; packhouse?: string | null };
}

export function BlockPicker({ value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const pucs = useHarvestPucs(null);
  const blocks = useBlockReport(value.puc);
  const packhouses = useHarvestPackhouses();
  const blockOptions = (blocks.data?.rows ?? []).map((r) => ({
    value: r.production_Block,
    label: `${r.citrii_Block ?? r.production_Block_Code} - ${r.variety}${r.isLinked ? '' : ` (${t('harvest.unlinked')})`}`,
  }));
  return (
    <div className="harvest-filters">
      <PucDropdown
        pucs={pucs.data}
        value={value.puc}
        loading={pucs.isLoading}
        onChange={(puc) => onChange({ ...value, puc, productionBlock: null })}
      />
      <LabelledDropdown
        label={t('harvest.intake.block')}
        value={value.productionBlock}
        options={blockOptions}
        placeholder={t('harvest.intake.chooseBlock')}
        loading={blocks.isFetching}
        disabled={value.puc === null}
        error={errors.productionBlock}
        onChange={(productionBlock) => onChange({ ...value, productionBlock })}
      />
      <LabelledDropdown
        label={t('harvest.packhouse')}
        value={value.packhouse}
        options={(packhouses.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
        placeholder={t('harvest.intake.choosePackhouse')}
        loading={packhouses.isLoading}
        error={errors.packhouse}
        onChange={(packhouse) => onChange({ ...value, packhouse })}
      />
    </div>
  );
}
