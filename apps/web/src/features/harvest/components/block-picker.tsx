/**
 * PUC, then production block of that PUC, then packhouse: what a bin intake or tipping is for. A
 * block is named as everywhere (shared productionBlockLabel: its own code, the one the bin import
 * takes). An organisation without a packhouse is told so, with the way to the Packhouses screen
 * for those who may open it.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import { productionBlockLabel } from '@orchard/shared/farm-setup';
import { paths } from '../../../config/paths';
import { useSessionContext } from '../../../lib/session/use-session-context';
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

const NO_PACKHOUSE_ID = 'bin-intake-no-packhouse';

export function BlockPicker({ value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const pucs = useHarvestPucs(null);
  const blocks = useBlockReport(value.puc);
  const packhouses = useHarvestPackhouses();
  const { hasPermission, organization } = useSessionContext();
  const blockOptions = (blocks.data?.rows ?? []).map((r) => {
    const label = productionBlockLabel({ code: r.production_Block_Code, variety: r.variety });
    return { value: r.production_Block, label: r.isLinked ? label : `${label} (${t('harvest.unlinked')})` };
  });
  // answered with none: the dropdown has nothing to offer, and says what is missing instead
  const noPackhouse = packhouses.data !== undefined && packhouses.data.length === 0;
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
        placeholder={noPackhouse ? t('harvest.intake.noPackhouse') : t('harvest.intake.choosePackhouse')}
        loading={packhouses.isLoading}
        disabled={noPackhouse}
        error={errors.packhouse}
        hintId={noPackhouse ? NO_PACKHOUSE_ID : undefined}
        onChange={(packhouse) => onChange({ ...value, packhouse })}
      />
      {noPackhouse && (
        <div id={NO_PACKHOUSE_ID} className="harvest-no-packhouse" role="status">
          <p>{t('harvest.intake.noPackhouseText', { organization: organization?.name ?? '' })}</p>
          {hasPermission(PERMISSIONS.managementPackhouses) ? (
            <Link to={paths.managementPackhouses}>{t('harvest.intake.addPackhouse')}</Link>
          ) : (
            <p>{t('harvest.intake.askForPackhouse')}</p>
          )}
        </div>
      )}
    </div>
  );
}
