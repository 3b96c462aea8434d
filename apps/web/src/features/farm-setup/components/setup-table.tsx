/**
 * One farm setup list: a toolbar (filters, then Export CSV and Add), the table with its loading and
 * empty states, and per row Edit and Delete. Export CSV downloads the server's file of the list with
 * the tab's filter. Delete asks first; a delete the server refuses because data refers
 * to the row says why.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import type { FarmSetupExportKind } from '@orchard/shared/farm-setup';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useExportSetupList, type SetupExportFilter } from '../api/export-list';
import { useDeleteRow, type EditableKind } from '../api/save-row';
import { requestErrorText } from '../farm-setup-text';

export const FARM_SETUP_CONFIRM_GROUP = 'farm-setup';

export interface SetupColumn<T> {
  key: string;
  header: string;
  field?: keyof T & string;
  body?: (row: T) => ReactNode;
  numeric?: boolean;
}

export interface SetupListQuery<T> {
  data: T[] | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

interface Props<T extends { id: number }> {
  /** the table's accessible name */
  caption: string;
  query: SetupListQuery<T>;
  columns: SetupColumn<T>[];
  /** how a row is named in its buttons, the confirmation and the toasts */
  rowName: (row: T) => string;
  addLabel: string;
  onAdd: () => void;
  onEdit?: (row: T) => void;
  /** rows of this kind can be deleted */
  deleteKind?: EditableKind;
  /** the list's CSV export */
  exportKind: FarmSetupExportKind;
  /** the tab's filter, sent with the export as with the list */
  exportFilter?: SetupExportFilter;
  /** filters shown before Add */
  filters?: ReactNode;
  /** the table's narrowest width: narrower screens scroll it */
  minWidth?: string;
  className?: string;
}

export function SetupTable<T extends { id: number }>({
  caption,
  query,
  columns,
  rowName,
  addLabel,
  onAdd,
  onEdit,
  deleteKind,
  exportKind,
  exportFilter,
  filters,
  minWidth,
  className,
}: Props<T>) {
  const { t } = useTranslation();
  const exporter = useExportSetupList(exportKind);
  const onExport = () =>
    exporter.mutate(exportFilter ?? null, { onError: (e) => toast.error(t('farmSetup.downloadingError'), errorText(e) || t('farmSetup.exportFailed')) });
  // hooks run on every render: a list without deletes holds one it never calls
  const remove = useDeleteRow(deleteKind ?? 'legalEntities');
  const hasActions = !!onEdit || !!deleteKind;

  const confirmDelete = (row: T) =>
    confirmDialog({
      group: FARM_SETUP_CONFIRM_GROUP,
      header: t('farmSetup.confirmHeader'),
      message: t('farmSetup.deleteConfirm', { name: rowName(row) }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('farmSetup.yes'),
      rejectLabel: t('farmSetup.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(row.id, {
          onSuccess: () => toast.success(t('farmSetup.success'), t('farmSetup.deleted', { name: rowName(row) })),
          onError: (e) => toast.error(t('farmSetup.notDeleted'), requestErrorText(e, t)),
        }),
    });

  return (
    <div className={['farm-setup-list', className].filter(Boolean).join(' ')}>
      <div className="farm-setup-toolbar">
        {filters}
        <div className="farm-setup-buttons">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('farmSetup.exporting') : t('farmSetup.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || !query.data || query.data.length === 0}
            onClick={onExport}
            outlined
          />
          <Button type="button" icon="pi pi-plus" label={addLabel} onClick={onAdd} />
        </div>
      </div>
      {query.error != null && <Message severity="error" text={`${t('farmSetup.loadFailed')} ${requestErrorText(query.error, t)}`} />}
      <DataTable
        value={query.data ?? []}
        dataKey="id"
        loading={query.isFetching || remove.isPending}
        emptyMessage={<TableEmpty answered={hasAnswered(query)} text={t('farmSetup.noData')} />}
        paginator
        rows={TABLE_PAGE_SIZE}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('farmSetup.rowsPerPage'))}
        currentPageReportTemplate={t('farmSetup.pageReport')}
        scrollable
        size="small"
        tableStyle={minWidth ? { minWidth } : undefined}
        pt={scrollableTablePt(caption)}
        className="farm-setup-table"
      >
        {columns.map((c) => (
          <Column
            key={c.key}
            field={c.field}
            header={c.header}
            body={c.body}
            className={c.numeric ? 'farm-setup-number' : undefined}
            headerClassName={c.numeric ? 'farm-setup-number' : undefined}
          />
        ))}
        {hasActions && (
          <Column
            header={t('farmSetup.actions')}
            className="farm-setup-actions"
            body={(row: T) => (
              <>
                {onEdit && <RowActionButton action="edit" label={t('farmSetup.edit', { name: rowName(row) })} onClick={() => onEdit(row)} />}
                {deleteKind && (
                  <RowActionButton
                    action="delete"
                    label={t('farmSetup.delete', { name: rowName(row) })}
                    disabled={remove.isPending}
                    onClick={() => confirmDelete(row)}
                  />
                )}
              </>
            )}
          />
        )}
      </DataTable>
    </div>
  );
}
