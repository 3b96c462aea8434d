/**
 * Audit trail (docs/domain.md, Audit trail): who changed what in the organisation, newest first, a
 * page at a time from the server. Filters (who, area, a range of days) in a panel that can be
 * hidden, a CSV export of the filtered list, and a link to Login History for sign-ins.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDIT_AREAS, type AuditEntry } from '@orchard/shared/audit-trail';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { FilterToggle, SingleFilter, type FilterOption } from '../../components/filter-fields';
import { namedPaginatorTemplate, scrollableTablePt } from '../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { paths } from '../../config/paths';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useFormatters } from '../../lib/use-formatters';
import { useExportAuditTrail } from './api/export-audit-trail';
import { useAuditTrail } from './api/get-audit-trail';
import { auditTrailSearch, type AuditTrailFilters } from './audit-trail-search';
import { AuditChanges } from './components/audit-changes';
import './audit-trail.css';

const SCROLL_HEIGHT = '620px';
const ACTOR_DELAY_MS = 400;

/** A value that follows another once it has stopped changing for `delay` ms. */
function useSettledValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return settled;
}

export function AuditTrailPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const ids = { actor: useId(), from: useId(), to: useId() };
  const [showFilters, setShowFilters] = useState(true);
  const [actorText, setActorText] = useState('');
  const actor = useSettledValue(actorText, ACTOR_DELAY_MS);
  const [areaId, setAreaId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [paging, setPaging] = useState({ first: 0, rows: TABLE_PAGE_SIZE });

  const filters: AuditTrailFilters = { actor, area: areaId === null ? null : (AUDIT_AREAS[areaId - 1] ?? null), from, to };
  const filterSearch = auditTrailSearch(filters);
  // new filters start on their first page
  const [pagedFilters, setPagedFilters] = useState(filterSearch);
  if (pagedFilters !== filterSearch) {
    setPagedFilters(filterSearch);
    setPaging((p) => ({ ...p, first: 0 }));
  }
  const search = auditTrailSearch(filters, { page: Math.floor(paging.first / paging.rows) + 1, pageSize: paging.rows });
  const query = useAuditTrail(search);
  const rows = query.data?.rows ?? [];
  const exporter = useExportAuditTrail();

  const areaOptions = useMemo<FilterOption[]>(() => AUDIT_AREAS.map((a, i) => ({ id: i + 1, label: t(`auditTrail.areas.${a}`) })), [t]);

  const onExport = () =>
    exporter.mutate(filterSearch, { onError: (e) => toast.error(t('auditTrail.downloadingError'), errorText(e) || t('auditTrail.exportFailed')) });

  const whoBody = (r: AuditEntry) => (
    <span className="audit-who">
      {r.actorName}
      {r.bySuperUser && (
        <span className="audit-super-user" title={t('auditTrail.superUserMark')}>
          <i className="pi pi-shield" aria-hidden="true" /> {t('auditTrail.superUser')}
        </span>
      )}
    </span>
  );
  const whatBody = (r: AuditEntry) => (
    <span>
      {r.entityLabel}
      {r.systemWide && <span className="audit-system-wide"> ({t('auditTrail.systemWide')})</span>}
    </span>
  );

  return (
    <div className="audit-trail-page">
      <div className="audit-trail-header">
        <h1>{t('auditTrail.title')}</h1>
        <div className="audit-trail-toolbar">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('auditTrail.exporting') : t('auditTrail.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || rows.length === 0}
            onClick={onExport}
          />
          <FilterToggle shown={showFilters} onToggle={() => setShowFilters((s) => !s)} />
        </div>
      </div>
      <p className="audit-trail-sign-ins">
        <Link to={paths.managementLogins}>{t('auditTrail.signIns')}</Link>
      </p>

      {showFilters && (
        <section className="audit-trail-filters" aria-label={t('auditTrail.filters')}>
          <div className="filter-field">
            <label htmlFor={ids.actor}>{t('auditTrail.actor')}</label>
            <InputText id={ids.actor} type="search" value={actorText} placeholder={t('auditTrail.actorPlaceholder')} onChange={(e) => setActorText(e.target.value)} className="w-full" />
          </div>
          <SingleFilter label={t('auditTrail.area')} options={areaOptions} value={areaId} onChange={setAreaId} clearable />
          <div className="filter-field">
            <label htmlFor={ids.from}>{t('auditTrail.from')}</label>
            <InputText id={ids.from} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className="w-full" />
          </div>
          <div className="filter-field">
            <label htmlFor={ids.to}>{t('auditTrail.to')}</label>
            <InputText id={ids.to} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className="w-full" />
          </div>
        </section>
      )}

      {query.error && <Message severity="error" text={errorText(query.error) || t('auditTrail.loadFailed')} className="audit-trail-error" />}

      <DataTable
        value={rows}
        dataKey="id"
        lazy
        paginator
        first={paging.first}
        rows={paging.rows}
        totalRecords={query.data?.totalRecords ?? 0}
        onPage={(e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows })}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('auditTrail.rowsPerPage'))}
        currentPageReportTemplate={t('auditTrail.pageReport')}
        scrollable
        scrollHeight={SCROLL_HEIGHT}
        pt={scrollableTablePt(t('auditTrail.tableCaption'))}
        loading={query.isFetching && hasAnswered(query)}
        emptyMessage={<TableEmpty answered={hasAnswered(query) || !!query.error} text={t('auditTrail.empty')} />}
        size="small"
        className="audit-trail-table"
      >
        <Column field="occurredAt" header={t('auditTrail.when')} body={(r: AuditEntry) => format.dateTime(r.occurredAt)} />
        <Column field="actorName" header={t('auditTrail.who')} body={whoBody} />
        <Column field="area" header={t('auditTrail.area')} body={(r: AuditEntry) => t(`auditTrail.areas.${r.area}`)} />
        <Column field="action" header={t('auditTrail.action')} body={(r: AuditEntry) => t(`auditTrail.actions.${r.action}`)} />
        <Column field="entityLabel" header={t('auditTrail.what')} body={whatBody} />
        <Column field="changes" header={t('auditTrail.changes')} body={(r: AuditEntry) => <AuditChanges entry={r} />} />
      </DataTable>
    </div>
  );
}

export default AuditTrailPage;
