/**
 * Time Logger (docs/domain.md, Time Logger): the clock (HH:MM:SS) with a play button when not recording and a stop
 * button when recording, and the Attendance Report (Full Name and the hours of each recent month)
 * with its CSV download. The clock resyncs from the server whenever the page becomes visible
 * again; the report reloads after each save.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_TYPES, type AttendanceLog } from '@orchard/shared/attendance';
import { scrollableTablePt } from '../../components/table-accessibility';
import { errorText } from '../../lib/api-error';
import { useFormatters } from '../../lib/use-formatters';
import { toast } from '../../lib/toast';
import { useExportAttendance } from './api/export-attendance';
import { useAttendanceLogs } from './api/get-attendance-logs';
import { useLastAttendance } from './api/get-last-attendance';
import { useSaveAttendance } from './api/save-attendance';
import { STOPPED, syncClock, useClockText } from './attendance-clock';
import './attendance.css';

export function AttendancePage() {
  const { t } = useTranslation();
  const format = useFormatters();

  const last = useLastAttendance();
  const logs = useAttendanceLogs();
  const save = useSaveAttendance();
  const exporter = useExportAttendance();

  // the clock starts from the server's figures at the moment they arrived
  const clockState = useMemo(() => (last.data ? syncClock(last.data, last.dataUpdatedAt) : STOPPED), [last.data, last.dataUpdatedAt]);
  const clockText = useClockText(clockState);
  const recording = clockState.recording;

  // visible again: resync from the last attendance (a hidden tab's timers are throttled)
  const { refetch } = last;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const onSave = (type: typeof ATTENDANCE_TYPES.start | typeof ATTENDANCE_TYPES.stop) =>
    save.mutate(type, { onError: (e) => toast.error(t('attendance.saveError'), errorText(e) || t('attendance.saveFailed')) });
  const onDownload = () =>
    exporter.mutate(undefined, { onError: () => toast.error(t('attendance.downloadingError'), t('attendance.downloadFailed'), true) });

  const rows = logs.data ?? [];
  const months = rows[0]?.lastMonths ?? [];
  const hours = (index: number) =>
    function HoursCell(row: AttendanceLog) {
      const value = row.hoursLastMonths[index];
      return value === undefined ? '' : format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    };
  const busy = save.isPending || last.isFetching || !last.data;
  const loadError = last.error ?? logs.error;

  return (
    <div className="attendance-page">
      <h1>{t('attendance.title')}</h1>

      <section className="attendance-clock-panel" aria-label={t('attendance.clock')}>
        <output className="attendance-clock" aria-label={t('attendance.clock')} data-recording={recording}>
          {clockText}
        </output>
        <span className="attendance-state">{recording ? t('attendance.recording') : t('attendance.notRecording')}</span>
        {recording ? (
          <Button
            type="button"
            icon="pi pi-stop"
            rounded
            severity="danger"
            aria-label={t('attendance.stop')}
            tooltip={t('attendance.stop')}
            disabled={busy}
            loading={save.isPending}
            onClick={() => onSave(ATTENDANCE_TYPES.stop)}
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-play"
            rounded
            aria-label={t('attendance.start')}
            tooltip={t('attendance.start')}
            disabled={busy}
            loading={save.isPending}
            onClick={() => onSave(ATTENDANCE_TYPES.start)}
          />
        )}
      </section>

      {loadError && <Message severity="error" text={errorText(loadError) || t('attendance.loadFailed')} className="attendance-error" />}

      <section className="attendance-report" aria-labelledby="attendance-report-title">
        <div className="attendance-report-header">
          <h2 id="attendance-report-title">{t('attendance.report')}</h2>
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('attendance.downloading') : t('attendance.download')}
            loading={exporter.isPending}
            disabled={exporter.isPending || rows.length === 0}
            onClick={onDownload}
          />
        </div>
        <DataTable
          value={rows}
          dataKey="fullName"
          loading={logs.isFetching}
          emptyMessage={t('attendance.noData')}
          size="small"
          pt={scrollableTablePt(t('attendance.tableCaption'))}
          className="attendance-table"
        >
          <Column field="fullName" header={t('attendance.fullName')} />
          {months.map((label, index) => (
            <Column key={label} header={label} body={hours(index)} className="num" />
          ))}
        </DataTable>
      </section>
    </div>
  );
}

export default AttendancePage;
