/** The estimate history of one production block: who saved which values when, newest first. */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { formatFigure, type EstimateHistoryEntry } from '@orchard/shared/harvest';
import { useFormatters } from '../../../lib/use-formatters';
import { useEstimateHistory } from '../api/get-estimate-history';
import type { ReportRow } from '../block-row-edit';

export function EstimateHistoryDialog({ row, onHide }: { row: ReportRow; onHide: () => void }) {
  const { t } = useTranslation();
  const block = row.citrii_Block ?? row.production_Block_Code;
  const history = useEstimateHistory(row.production_Block);
  const format = useFormatters();
  const title = t('harvest.history.title', { block });
  return (
    <Dialog header={title} visible onHide={onHide} className="harvest-history-dialog" style={{ width: '48rem', maxWidth: '95vw' }} modal>
      <DataTable
        value={history.data?.entries ?? []}
        dataKey="id"
        loading={history.isFetching}
        emptyMessage={t('harvest.history.empty')}
        size="small"
        scrollable
        scrollHeight="300px"
        pt={{ table: { 'aria-label': title } as never, wrapper: { tabIndex: 0 } as never }}
      >
        <Column
          header={t('harvest.history.when')}
          body={(e: EstimateHistoryEntry) => format.dateTime(e.createdAt)}
        />
        <Column header={t('harvest.history.who')} body={(e: EstimateHistoryEntry) => e.createdByName ?? ''} />
        <Column header={t('harvest.columns.ha')} body={(e: EstimateHistoryEntry) => formatFigure(e.ha, format.culture)} className="harvest-number" headerClassName="harvest-number" />
        <Column
          header={t('harvest.columns.origTonnesPerHa')}
          body={(e: EstimateHistoryEntry) => formatFigure(e.tonnes_Per_Ha, format.culture)}
          className="harvest-number"
          headerClassName="harvest-number"
        />
        <Column
          header={t('harvest.columns.adjTonnesPerHa')}
          body={(e: EstimateHistoryEntry) => formatFigure(e.tonnes_Per_Ha_Adjusted, format.culture)}
          className="harvest-number"
          headerClassName="harvest-number"
        />
      </DataTable>
    </Dialog>
  );
}
