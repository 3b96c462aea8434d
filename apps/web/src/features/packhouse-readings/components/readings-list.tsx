/**
 * The stored readings of one line or cold room: a range of days (both ends included, either open)
 * and a table paged on the server (20/50/100, newest first), with edit and delete (after a
 * confirm) for those who capture.
 */
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKHOUSE_READINGS_DEFAULT_PAGE_SIZE, PACKHOUSE_READINGS_PAGE_SIZES, dayOf } from '@orchard/shared';
import { FormField } from '../../../components/field-error';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useReadingMutations, useReadings } from '../api/packhouse-readings-api';
import type { ReadingKind, ReadingRow } from '../reading-kinds';

export function ReadingsList({
  kind,
  placeId,
  placeName,
  canCapture,
  onEdit,
  onDeleted,
}: {
  kind: ReadingKind;
  placeId: number;
  placeName: string;
  canCapture: boolean;
  onEdit: (row: ReadingRow) => void;
  onDeleted: (row: ReadingRow) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [days, setDays] = useState({ from: '', to: '' });
  const [paging, setPaging] = useState({ first: 0, rows: PACKHOUSE_READINGS_DEFAULT_PAGE_SIZE });
  const rangeError = days.from && days.to && days.from > days.to ? t('packhouseReadings.rangeOrder') : undefined;
  const list = useReadings(kind, rangeError ? null : { placeId, ...days, page: paging.first / paging.rows + 1, pageSize: paging.rows });
  const { remove } = useReadingMutations(kind);
  const today = dayOf(new Date());
  const id = `${kind.key}-readings`;
  const rowName = (row: ReadingRow) => t('packhouseReadings.readingName', { place: placeName, day: format.day(row.readOn), time: row.readTime });

  const setDay = (patch: Partial<typeof days>) => {
    setDays((d) => ({ ...d, ...patch }));
    setPaging((p) => ({ ...p, first: 0 }));
  };

  const confirmDelete = (row: ReadingRow) => {
    const name = rowName(row);
    confirmDialog({
      header: t('packhouseReadings.deleteHeader'),
      message: t('packhouseReadings.deleteConfirm', { name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('packhouseReadings.yes'),
      rejectLabel: t('packhouseReadings.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            toast.success(t('packhouseReadings.success'), t('packhouseReadings.deleted'));
            onDeleted(row);
          },
          onError: (e) => toast.error(t('packhouseReadings.error'), errorText(e)),
        }),
    });
  };

  const dayInput = (key: 'from' | 'to', error?: string) => (
    <FormField id={`${id}-${key}`} label={t(`packhouseReadings.${key}`)} error={error}>
      <input
        id={`${id}-${key}`}
        type="date"
        className={`p-inputtext p-component w-full ${error ? 'p-invalid' : ''}`}
        value={days[key]}
        max={today}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : undefined}
        onChange={(e) => setDay({ [key]: e.target.value })}
      />
    </FormField>
  );

  return (
    <section className="readings-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(kind.texts.list)}</h3>
      <div className="readings-filters" role="group" aria-label={t('packhouseReadings.filters')}>
        {dayInput('from')}
        {dayInput('to', rangeError)}
      </div>
      {list.error && <Message severity="error" text={errorText(list.error) || t('packhouseReadings.loadFailed')} />}
      <DataTable
        value={(list.data?.rows as ReadingRow[] | undefined) ?? []}
        dataKey="id"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={list.data?.totalRecords ?? 0}
        onPage={(e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows })}
        rowsPerPageOptions={[...PACKHOUSE_READINGS_PAGE_SIZES]}
        paginatorTemplate={namedPaginatorTemplate(t('packhouseReadings.rowsPerPage'))}
        currentPageReportTemplate={t('packhouseReadings.pageReport')}
        loading={list.isFetching || remove.isPending}
        emptyMessage={<TableEmpty answered={hasAnswered(list)} text={t('packhouseReadings.noData')} />}
        size="small"
        className="readings-table"
        pt={scrollableTablePt(t(kind.texts.caption))}
      >
        <Column header={t('packhouseReadings.readOn')} body={(row: ReadingRow) => format.day(row.readOn)} />
        <Column header={t('packhouseReadings.readTime')} field="readTime" />
        {kind.values.map((v) => (
          <Column
            key={v.field}
            header={t(v.label)}
            className="num"
            body={(row: ReadingRow) => (typeof row[v.field] === 'number' ? format.number(row[v.field] as number) : '')}
          />
        ))}
        <Column header={t('packhouseReadings.note')} body={(row: ReadingRow) => row.note ?? ''} />
        <Column header={t('packhouseReadings.capturedBy')} body={(row: ReadingRow) => row.capturedByName ?? ''} />
        {canCapture && (
          <Column
            header={t('packhouseReadings.actions')}
            className="readings-actions"
            body={(row: ReadingRow) => (
              <>
                <RowActionButton action="edit" label={t('packhouseReadings.editRow', { name: rowName(row) })} onClick={() => onEdit(row)} />
                <RowActionButton action="delete" label={t('packhouseReadings.deleteRow', { name: rowName(row) })} disabled={remove.isPending} onClick={() => confirmDelete(row)} />
              </>
            )}
          />
        )}
      </DataTable>
    </section>
  );
}
