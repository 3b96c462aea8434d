/**
 * One farm setup list: a toolbar (search, filters, then Export CSV and Add), the table with its
 * loading and empty states, columns that sort on a click of their header, and per row Edit and
 * Delete. The search and the sort work on the cells as shown (setup-rows.ts); Export CSV downloads
 * the server's file of the list with the tab's filter.
 */
import { Button } from 'primereact/button';
import { Column, type ColumnSortEvent } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import type { FarmSetupExportKind } from '@orchard/shared/farm-setup';
import { RowActionButton } from '../../../components/row-actions';
import { SearchBox } from '../../../components/search-box';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useExportSetupList, type SetupExportFilter } from '../api/export-list';
import { useDeleteRow, type EditableKind } from '../api/save-row';
import { requestErrorText } from '../farm-setup-text';
import { setupRowMatches, sortSetupRows, type SetupSortValue } from '../setup-rows';

export const FARM_SETUP_CONFIRM_GROUP = 'farm-setup';

export interface SetupColumn<T> {
  key: string;
  header: string;
  /** the cell as shown: searched, and sorted on unless `sortValue` is given */
  text: (row: T) => string;
  /** what the column sorts by where its text would sort wrongly (a formatted number) */
  sortValue?: (row: T) => SetupSortValue;
  numeric?: boolean;
}

export interface SetupListQuery<T> {
  data: T[] | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

interface Props<T extends { id: number }> {
  /** which list: its search box's name and its CSV export */
  list: FarmSetupExportKind;
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
  /** the tab's filter, sent with the export as with the list */
  exportFilter?: SetupExportFilter;
  /** filters shown after the search */
  filters?: ReactNode;
  /** the table's narrowest width: narrower screens scroll it */
  minWidth?: string;
  className?: string;
}

export function SetupTable<T extends { id: number }>({
  list,
  caption,
  query,
  columns,
  rowName,
  addLabel,
  onAdd,
  onEdit,
  deleteKind,
  exportFilter,
  filters,
  minWidth,
  className,
}: Props<T>) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [first, setFirst] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(TABLE_PAGE_SIZE);
  // hooks run on every render: a list without deletes holds one it never calls
  const remove = useDeleteRow(deleteKind ?? 'legalEntities');
  const exporter = useExportSetupList(list);
  const hasActions = !!onEdit || !!deleteKind;

  // the cells read other lists (farm and variety names) that arrive on their own: filtered afresh on each render
  const rows = (query.data ?? []).filter((row) => setupRowMatches(columns.map((c) => c.text(row)), search));

  const onSearch = (text: string) => {
    setSearch(text);
    // a new search starts on its first page
    setFirst(0);
  };

  const onExport = () =>
    exporter.mutate(exportFilter ?? null, { onError: (e) => toast.error(t('farmSetup.downloadingError'), errorText(e) || t('farmSetup.exportFailed')) });

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

  const sortBy = (c: SetupColumn<T>) => (e: ColumnSortEvent) => sortSetupRows(e.data as T[], c.sortValue ?? c.text, e.order);

  const emptyMessage =
    search.trim() !== '' && (query.data?.length ?? 0) > 0 ? (
      <span className="farm-setup-no-match">
        {t('farmSetup.noMatch', { search: search.trim() })}{' '}
        <Button type="button" link label={t('farmSetup.clearSearch')} onClick={() => onSearch('')} className="farm-setup-clear-search" />
      </span>
    ) : (
      <TableEmpty answered={hasAnswered(query)} text={t('farmSetup.noData')} />
    );

  return (
    <div className={['farm-setup-list', className].filter(Boolean).join(' ')}>
      <div className="farm-setup-toolbar">
        <SearchBox
          id={searchId}
          value={search}
          onChange={onSearch}
          placeholder={t('farmSetup.searchPlaceholder')}
          label={t(`farmSetup.search.${list}`)}
          className="farm-setup-search"
        />
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
        value={rows}
        dataKey="id"
        loading={query.isFetching || remove.isPending}
        emptyMessage={emptyMessage}
        paginator
        first={first}
        rows={rowsPerPage}
        onPage={(e) => {
          setFirst(e.first);
          setRowsPerPage(e.rows);
        }}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('farmSetup.rowsPerPage'))}
        currentPageReportTemplate={t('farmSetup.pageReport')}
        sortMode="single"
        removableSort
        scrollable
        size="small"
        tableStyle={minWidth ? { minWidth } : undefined}
        pt={scrollableTablePt(caption)}
        className="farm-setup-table"
      >
        {columns.map((c) => (
          <Column
            key={c.key}
            field={c.key}
            header={c.header}
            body={(row: T) => c.text(row)}
            sortable
            sortFunction={sortBy(c)}
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
