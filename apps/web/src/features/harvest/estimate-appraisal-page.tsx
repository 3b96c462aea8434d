/**
 * Estimate appraisal (docs/domain.md, Fruitbins Block Report): the read-only variant of the block report. Farm first, then the
 * PUC list of that farm, refresh; no Variance column and no editing.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../lib/use-formatters';
import { useBlockReport } from './api/get-block-report';
import { useHarvestFarms } from './api/get-farms';
import { useHarvestPucs } from './api/get-pucs';
import { idParam } from './block-report-page';
import { BlockReportRefresh, BlockReportSection } from './components/block-report-section';
import { LabelledDropdown } from './components/labelled-dropdown';
import { PucDropdown, pucLabel } from './components/puc-dropdown';
import './harvest.css';

export function EstimateAppraisalPage() {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const [params, setParams] = useSearchParams();
  const farmId = idParam(params.get('farm'));
  const pucId = farmId === null ? null : idParam(params.get('puc'));
  const farms = useHarvestFarms();
  const pucs = useHarvestPucs(farmId, farmId !== null);
  const report = useBlockReport(pucId);
  const farmOptions = (farms.data ?? []).map((f) => ({ label: f.farm_Name, value: f.id }));

  return (
    <div className="harvest-page">
      <h1>{t('harvest.titles.estimateAppraisal')}</h1>
      <div className="harvest-filters">
        <LabelledDropdown
          label={t('harvest.farm')}
          value={farmId}
          options={farmOptions}
          placeholder={t('harvest.chooseFarm')}
          loading={farms.isLoading}
          onChange={(value) => setParams(value ? { farm: String(value) } : {}, { replace: true })}
        />
        <PucDropdown
          pucs={pucs.data}
          value={pucId}
          loading={pucs.isFetching}
          disabled={farmId === null}
          onChange={(value) => setParams(value && farmId ? { farm: String(farmId), puc: String(value) } : { farm: String(farmId) }, { replace: true })}
        />
        <BlockReportRefresh pucId={pucId} report={report} />
      </div>
      <BlockReportSection
        pucId={pucId}
        report={report}
        culture={culture}
        variant="appraisal"
        mayEdit={false}
        hint={t('harvest.chooseFarmHint')}
        ariaLabel={t('harvest.appraisalTable', { puc: pucLabel(pucs.data, pucId) })}
      />
    </div>
  );
}

export default EstimateAppraisalPage;
