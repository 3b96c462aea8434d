/**
 * Login history (docs/domain.md, Login History): Area and Roles multi-selects (all preselected) in a panel that can be
 * hidden, a CSV export, and the sortable, paged table of the organisation's users with their
 * sign-ins over the last 7, 30 and 90 days and the last one.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { LOGIN_HISTORY_SCROLL_HEIGHT, loginHistorySearch, type LoginHistoryRow } from '@orchard/shared/login-history';
import { FilterToggle, MultiFilter, type FilterOption } from '../../components/filter-fields';
import { usePagedTable } from '../../components/paged-table';
import { errorText } from '../../lib/api-error';
import { useFormatters } from '../../lib/use-formatters';
import { toast } from '../../lib/toast';
import { useExportLoginHistory } from './api/export-login-history';
import { useLoginHistoryAreas, useLoginHistoryRoles } from './api/get-filter-options';
import { useLoginHistory } from './api/get-login-history';
import './login-history.css';


export function LoginHistoryPage() {
  const { t } = useTranslation();
  const format = useFormatters();

  const areasQuery = useLoginHistoryAreas();
  const rolesQuery = useLoginHistoryRoles();
  const [showFilters, setShowFilters] = useState(true);
  const [areas, setAreas] = useState<number[] | null>(null);
  const [roles, setRoles] = useState<number[] | null>(null);

  // every option starts selected
  useEffect(() => {
    if (areas === null && areasQuery.data) setAreas(areasQuery.data.map((a) => a.id));
  }, [areas, areasQuery.data]);
  useEffect(() => {
    if (roles === null && rolesQuery.data) setRoles(rolesQuery.data.map((r) => r.id));
  }, [roles, rolesQuery.data]);

  const areaOptions = useMemo<FilterOption[]>(
    () =>
      (areasQuery.data ?? []).map((a) => ({
        id: a.id,
        label: a.region ? t('loginHistory.areaOption', { area: a.area_Name, region: a.region }) : a.area_Name,
      })),
    [areasQuery.data, t],
  );
  const roleOptions = useMemo<FilterOption[]>(() => (rolesQuery.data ?? []).map((r) => ({ id: r.id, label: r.name })), [rolesQuery.data]);

  const ready = areas !== null && roles !== null;
  const search = ready
    ? loginHistorySearch({ areas, roles }, { areas: areaOptions.map((o) => o.id), roles: roleOptions.map((o) => o.id) })
    : null;
  const history = useLoginHistory(search, ready);
  const rows = ready ? (history.data ?? []) : [];
  const exporter = useExportLoginHistory();

  const { tableProps, resetPage } = usePagedTable(TABLE_PAGE_SIZE_OPTIONS, TABLE_PAGE_SIZE, LOGIN_HISTORY_SCROLL_HEIGHT, {
    rowsPerPage: t('loginHistory.rowsPerPage'),
    pageReport: t('loginHistory.pageReport'),
    caption: t('loginHistory.tableCaption'),
  });

  const onExport = () => {
    if (search === null) return;
    exporter.mutate(search, { onError: (e) => toast.error(t('loginHistory.downloadingError'), errorText(e) || t('loginHistory.exportFailed')) });
  };

  const count = (field: 'weekCount' | 'monthCount' | 'lastThreeMonths') =>
    function CountCell(row: LoginHistoryRow) {
      return format.number(row[field]);
    };
  const lastLoginBody = (row: LoginHistoryRow) =>
    row.lastLogin ? format.dateTime(row.lastLogin) : t('loginHistory.never');

  const loadError = areasQuery.error ?? rolesQuery.error ?? history.error;

  return (
    <div className="login-history-page">
      <div className="login-history-header">
        <h1>{t('loginHistory.title')}</h1>
        <div className="login-history-toolbar">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('loginHistory.exporting') : t('loginHistory.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || search === null || rows.length === 0}
            onClick={onExport}
          />
          <FilterToggle shown={showFilters} onToggle={() => setShowFilters((s) => !s)} />
        </div>
      </div>

      {showFilters && (
        <section className="login-history-filters" aria-label={t('loginHistory.filters')}>
          <MultiFilter
            label={t('loginHistory.area')}
            options={areaOptions}
            value={areas ?? []}
            onChange={(ids) => {
              setAreas(ids);
              resetPage();
            }}
          />
          <MultiFilter
            label={t('loginHistory.roles')}
            options={roleOptions}
            value={roles ?? []}
            onChange={(ids) => {
              setRoles(ids);
              resetPage();
            }}
          />
        </section>
      )}

      {loadError && <Message severity="error" text={errorText(loadError) || t('loginHistory.loadFailed')} className="login-history-error" />}

      <DataTable
        value={rows}
        dataKey="userId"
        loading={!ready || history.isFetching}
        emptyMessage={<TableEmpty answered={hasAnswered(history) || !!loadError} text={t('loginHistory.noData')} />}
        sortMode="single"
        removableSort
        {...tableProps}
        size="small"
        className="login-history-table"
      >
        <Column field="user" header={t('loginHistory.user')} sortable />
        <Column field="weekCount" header={t('loginHistory.weekCount')} body={count('weekCount')} sortable className="num" />
        <Column field="monthCount" header={t('loginHistory.monthCount')} body={count('monthCount')} sortable className="num" />
        <Column field="lastThreeMonths" header={t('loginHistory.lastThreeMonths')} body={count('lastThreeMonths')} sortable className="num" />
        <Column field="lastLogin" header={t('loginHistory.lastLogin')} body={lastLoginBody} sortable />
      </DataTable>
    </div>
  );
}

export default LoginHistoryPage;
