/**
 * Fruitbins Block Report (docs/domain.md, Harvest): PUC dropdown ("farm name - PUC name", sorted), refresh, the
 * block table with totals; linked rows are editable for users with harvest.estimates.edit. The
 * chosen PUC is kept in the address (?puc=) so a reload shows the same report.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionContext } from '../../lib/session/use-session-context';
import { useFormatters } from '../../lib/use-formatters';
import { useBlockReport } from './api/get-block-report';
import { useHarvestPucs } from './api/get-pucs';
import { BlockReportRefresh, BlockReportSection } from './components/block-report-section';
import { PucDropdown, pucLabel } from './components/puc-dropdown';
import './harvest.css';

export function idParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function BlockReportPage() {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const { hasPermission } = useSessionContext();
  const [params, setParams] = useSearchParams();
  const pucId = idParam(params.get('puc'));
  const pucs = useHarvestPucs(null);
  const report = useBlockReport(pucId);

  return (
    <div className="harvest-page">
      <h1>{t('harvest.titles.blockReport')}</h1>
      <div className="harvest-filters">
        <PucDropdown
          pucs={pucs.data}
          value={pucId}
          loading={pucs.isLoading}
          onChange={(value) => setParams(value ? { puc: String(value) } : {}, { replace: true })}
        />
        <BlockReportRefresh pucId={pucId} report={report} />
      </div>
      <BlockReportSection
        pucId={pucId}
        report={report}
        culture={culture}
        variant="report"
        mayEdit={hasPermission(PERMISSIONS.harvestEstimatesEdit)}
        hint={t('harvest.choosePucHint')}
        ariaLabel={t('harvest.blockReportTable', { puc: pucLabel(pucs.data, pucId) })}
      />
    </div>
  );
}

export default BlockReportPage;
