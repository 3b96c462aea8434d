/**
 * What the block report and the estimate appraisal share below their pickers: the refresh button
 * (rendered by the page inside its filter row) and the table, its load error and its hint.
 */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { useBlockReport } from '../api/get-block-report';
import { BlockReportTable } from './block-report-table';

type BlockReportQuery = ReturnType<typeof useBlockReport>;

export function BlockReportRefresh({ pucId, report }: { pucId: number | null; report: BlockReportQuery }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      icon="pi pi-refresh"
      label={t('harvest.refresh')}
      className="harvest-refresh"
      disabled={pucId === null || report.isFetching}
      onClick={() => void report.refetch()}
    />
  );
}

interface BlockReportSectionProps {
  pucId: number | null;
  report: BlockReportQuery;
  culture: string;
  variant: 'report' | 'appraisal';
  mayEdit: boolean;
  /** shown while no PUC is chosen */
  hint: string;
  ariaLabel: string;
}

export function BlockReportSection({ pucId, report, culture, variant, mayEdit, hint, ariaLabel }: BlockReportSectionProps) {
  const { t } = useTranslation();
  return (
    <>
      {report.isError && <p role="alert" className="field-error">{t('harvest.loadError')}</p>}
      {pucId === null ? (
        <p>{hint}</p>
      ) : (
        <BlockReportTable page={report.data} loading={report.isFetching} culture={culture} variant={variant} mayEdit={mayEdit} ariaLabel={ariaLabel} />
      )}
    </>
  );
}
