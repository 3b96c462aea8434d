/**
 * Export farm operations: a date-range picker and Export. The range may span at most 31 days and no
 * future day; while the first date is being picked the latest end is the earlier of start + 31 days
 * and today; closing the picker with only a start makes the end the start. Export is replaced by a
 * spinner while the server builds the CSV.
 */
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '@orchard/shared/core';
import { farmOperationsMaxEnd, farmOperationsRangeProblem } from '@orchard/shared/farm-operations';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useExportFarmOperations } from '../api/export-farm-operations';
import { calendarPt, fromDay, toDay } from '../../../lib/calendar-days';
import { useFormatters } from '../../../lib/use-formatters';

type Range = (Date | null)[] | null;

export function ExportDialog({ visible, farms, onClose }: { visible: boolean; farms: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const [range, setRange] = useState<Range>(null);
  const exporter = useExportFarmOperations();
  const today = dayOf(new Date());

  const start = range?.[0] ? toDay(range[0]) : null;
  const end = range?.[1] ? toDay(range[1]) : null;
  const picking = start !== null && end === null;
  const maxDate = fromDay(picking ? farmOperationsMaxEnd(start, today) : today);
  const usable = farms !== null && farmOperationsRangeProblem(start, end, today) === null;

  const run = () => {
    if (!usable || start === null || end === null) return;
    exporter.mutate(
      { start, end, farms },
      {
        onSuccess: onClose,
        onError: (e) => toast.error(t('farmOperations.downloadingError'), errorText(e) || t('farmOperations.exportFailed'), true),
      },
    );
  };

  return (
    <Dialog
      header={t('farmOperations.exportTitle')}
      visible={visible}
      onHide={onClose}
      style={{ width: '420px' }}
      breakpoints={{ '460px': '95vw' }}
      modal
      draggable={false}
      onShow={() => setRange(null)}
      className="farm-operations-export"
    >
      <div className="farm-operations-export-body">
        <div className="filter-field">
          <label htmlFor={id}>{t('farmOperations.dateRange')}</label>
          <Calendar
            inputId={id}
            value={range as Date[] | null}
            onChange={(e) => setRange((e.value as Range) ?? null)}
            onHide={() => {
              // closing with only a start date: a one-day range
              if (range?.[0] && !range[1]) setRange([range[0], range[0]]);
            }}
            selectionMode="range"
            readOnlyInput
            dateFormat={format.calendarDateFormat}
            maxDate={maxDate ?? undefined}
            showIcon
            className="w-full"
            pt={calendarPt}
            panelClassName="farm-operations-range-panel"
          />
        </div>
        <div className="farm-operations-export-action">
          {exporter.isPending ? (
            <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="6" aria-label={t('farmOperations.exporting')} role="status" />
          ) : (
            <Button type="button" icon="pi pi-download" label={t('farmOperations.export')} disabled={!usable} onClick={run} />
          )}
        </div>
      </div>
    </Dialog>
  );
}
