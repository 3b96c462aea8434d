/**
 * Organisations list (docs/domain.md, Organisations), for super users only: a search box and the table of
 * Org Name, Admin Name, Default Legal Entity, Farm Count and User Count, paged 20/50/100. Searching
 * and paging run on the server (organisations span the whole platform); the search is sent once
 * typing pauses. Skeleton rows until the first answer; a failed load shows the sticky Load Error.
 * Add New Organization opens the Create New Organization dialog over the list; the dialog has its
 * own route (management/create-organization), which shows the same list with the dialog open. An
 * organisation's name opens it (the super user joins it when not a member, then switches to it).
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { ORGANIZATIONS_SCROLL_HEIGHT, ORGANIZATIONS_SEARCH_DELAY_MS } from '@orchard/shared/organizations';
import { SearchBox } from '../../components/search-box';
import { namedPaginatorTemplate, scrollableTablePt } from '../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { paths } from '../../config/paths';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useFormatters } from '../../lib/use-formatters';
import { useOrganizations } from './api/get-organizations';
import { useOpenOrganization } from './api/open-organization';
import { CreateOrganizationDialog } from './components/create-organization-dialog';
import { organizationRows, type OrganizationRow } from './organization-rows';
import './organizations.css';

/** A value that follows another once it has stopped changing for `delay` ms. */
function useSettledValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return settled;
}

export function OrganizationsPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const format = useFormatters();
  const [searchText, setSearchText] = useState('');
  const search = useSettledValue(searchText.trim(), ORGANIZATIONS_SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ first: 0, rows: TABLE_PAGE_SIZE });

  // a new search starts on its first page
  const [pagedSearch, setPagedSearch] = useState(search);
  if (pagedSearch !== search) {
    setPagedSearch(search);
    setPaging((p) => ({ ...p, first: 0 }));
  }

  const query = useOrganizations({ search, page: Math.floor(paging.first / paging.rows) + 1, pageSize: paging.rows });
  const rows = organizationRows(query.data);

  useEffect(() => {
    if (query.isError) {
      toast.error(t('organizations.loadError'), [t('organizations.loadErrorDetail'), errorText(query.error)].filter(Boolean).join('\n'), true);
    }
  }, [query.isError, query.error, t]);

  const navigate = useNavigate();
  const creating = useLocation().pathname.toLowerCase() === paths.managementCreateOrganization;
  const closeCreate = useCallback(() => {
    void navigate(paths.managementOrganizations);
  }, [navigate]);

  const count = (value: number | null) => (value === null ? '' : format.number(value));
  const open = useOpenOrganization();
  const nameCell = (r: OrganizationRow) => (
    <Button
      type="button"
      link
      label={r.name}
      aria-label={t('organizations.open', { name: r.name })}
      className="organization-open"
      loading={open.isPending && open.variables.id === r.id}
      disabled={open.isPending}
      onClick={() => open.mutate({ id: r.id, name: r.name })}
    />
  );

  return (
    <div className="organizations-page">
      <h1>{t('organizations.title')}</h1>
      <div className="organizations-toolbar">
        <SearchBox
          id={searchId}
          value={searchText}
          onChange={setSearchText}
          placeholder={t('organizations.searchPlaceholder')}
          label={t('organizations.search')}
          className="organizations-search"
        />
        <Button type="button" icon="pi pi-plus" label={t('organizations.addNew')} onClick={() => void navigate(paths.managementCreateOrganization)} />
      </div>
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
        paginatorTemplate={namedPaginatorTemplate(t('organizations.rowsPerPage'))}
        currentPageReportTemplate={t('organizations.pageReport')}
        scrollable
        scrollHeight={ORGANIZATIONS_SCROLL_HEIGHT}
        pt={scrollableTablePt(t('organizations.tableCaption'))}
        loading={query.isFetching && hasAnswered(query)}
        emptyMessage={<TableEmpty answered={hasAnswered(query)} text={t('organizations.noRecords')} />}
        size="small"
        className="organizations-table"
      >
        <Column field="name" header={t('organizations.orgName')} body={nameCell} />
        <Column field="adminName" header={t('organizations.adminName')} />
        <Column field="defaultLegalEntity" header={t('organizations.defaultLegalEntity')} />
        <Column field="farmCount" header={t('organizations.farmCount')} body={(r: OrganizationRow) => count(r.farmCount)} className="num" />
        <Column field="userCount" header={t('organizations.userCount')} body={(r: OrganizationRow) => count(r.userCount)} className="num" />
      </DataTable>
      <CreateOrganizationDialog visible={creating} onHide={closeCreate} />
    </div>
  );
}

export default OrganizationsPage;
