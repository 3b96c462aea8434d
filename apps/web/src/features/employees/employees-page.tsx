/**
 * Employee management (docs/domain.md, Employees): Legal Entity and Employee Type multi-selects (all preselected) in a
 * panel that can be hidden, the paged table of Id, Type, Legal Entity and Full Name with edit and
 * delete actions, and beside it the Details form or the Add New Type form. Actions and forms show
 * only with employees.manage; the type form only with employees.manageTypes. The server checks both.
 * Export CSV downloads the server's file of the same filter (employees.view, the caller's farms).
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS, PERMISSIONS } from '@orchard/shared/core';
import { EMPLOYEE_SCROLL_HEIGHT, employeesSearch, type Employee } from '@orchard/shared/employees';
import { FilterToggle, MultiFilter, type FilterOption } from '../../components/filter-fields';
import { RowActionButton } from '../../components/row-actions';
import { usePagedTable } from '../../components/paged-table';
import { errorText } from '../../lib/api-error';
import { useSessionContext } from '../../lib/session/use-session-context';
import { toast } from '../../lib/toast';
import { useExportEmployees } from './api/export-employees';
import { useEmployees } from './api/get-employees';
import { useEmployeeLegalEntities, useEmployeeTypes } from './api/get-filter-options';
import { useRemoveEmployee } from './api/remove-employee';
import { EMPTY_EMPLOYEE, EmployeeForm, type EmployeeFormValues } from './components/employee-form';
import { EmployeeTypeForm } from './components/employee-type-form';
import './employees.css';

/**
 * A filter kept as what was taken out of it, so every option (also one added later, such as a new
 * employee type) starts selected.
 */
function useAllSelectedFilter(options: FilterOption[]) {
  const [deselected, setDeselected] = useState<ReadonlySet<number>>(new Set());
  const value = useMemo(() => options.filter((o) => !deselected.has(o.id)).map((o) => o.id), [options, deselected]);
  const onChange = (ids: number[]) => setDeselected(new Set(options.filter((o) => !ids.includes(o.id)).map((o) => o.id)));
  return { value, onChange };
}

export function EmployeesPage() {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const canManage = hasPermission(PERMISSIONS.employeesManage);
  const canManageTypes = hasPermission(PERMISSIONS.employeesManageTypes);

  const entitiesQuery = useEmployeeLegalEntities();
  const typesQuery = useEmployeeTypes();
  const legalEntities = useMemo(() => entitiesQuery.data ?? [], [entitiesQuery.data]);
  const types = useMemo(() => typesQuery.data ?? [], [typesQuery.data]);
  const entityOptions = useMemo<FilterOption[]>(() => legalEntities.map((e) => ({ id: e.id, label: e.name })), [legalEntities]);
  const typeOptions = useMemo<FilterOption[]>(() => types.map((e) => ({ id: e.id, label: e.type })), [types]);

  const [showFilters, setShowFilters] = useState(true);
  const entityFilter = useAllSelectedFilter(entityOptions);
  const typeFilter = useAllSelectedFilter(typeOptions);
  const { tableProps, resetPage } = usePagedTable(TABLE_PAGE_SIZE_OPTIONS, TABLE_PAGE_SIZE, EMPLOYEE_SCROLL_HEIGHT, {
    rowsPerPage: t('employees.rowsPerPage'),
    pageReport: t('employees.pageReport'),
    caption: t('employees.tableCaption'),
  });

  const ready = entitiesQuery.data !== undefined && typesQuery.data !== undefined;
  const search = ready
    ? employeesSearch(
        { legalEntities: entityFilter.value, types: typeFilter.value },
        { legalEntities: entityOptions.map((o) => o.id), types: typeOptions.map((o) => o.id) },
      )
    : null;
  const employees = useEmployees(search, ready);
  const rows = ready ? (employees.data ?? []) : [];

  const [form, setForm] = useState<EmployeeFormValues>(EMPTY_EMPLOYEE);
  const [typeFormOpen, setTypeFormOpen] = useState(false);
  const remove = useRemoveEmployee();
  const exporter = useExportEmployees();
  // the list's own filter: the file holds the rows the table shows
  const onExport = () => {
    if (search === null) return;
    exporter.mutate(search, { onError: (e) => toast.error(t('employees.downloadingError'), errorText(e) || t('employees.exportFailed')) });
  };

  const edit = (e: Employee) => {
    setTypeFormOpen(false);
    setForm({ id: e.id, version: e.version, type: e.type, legal_Entity: e.legal_Entity, fullname: e.fullname });
  };

  const confirmDelete = (e: Employee) =>
    confirmDialog({
      header: t('employees.confirmHeader'),
      message: t('employees.deleteConfirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('employees.yes'),
      rejectLabel: t('employees.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(e.id, {
          onSuccess: () => {
            toast.success(t('employees.success'), t('employees.deleted'));
            if (form.id === e.id) setForm(EMPTY_EMPLOYEE);
          },
          onError: (err) => toast.error(t('employees.error'), errorText(err)),
        }),
    });

  const loadError = entitiesQuery.error ?? typesQuery.error ?? employees.error;

  return (
    <div className="employees-page">
      <div className="employees-header">
        <h1>{t('employees.title')}</h1>
        <div className="employees-toolbar">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('employees.exporting') : t('employees.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || search === null || rows.length === 0}
            onClick={onExport}
          />
          <FilterToggle shown={showFilters} onToggle={() => setShowFilters((s) => !s)} />
        </div>
      </div>

      {showFilters && (
        <section className="employees-filters" aria-label={t('employees.filters')}>
          <MultiFilter
            label={t('employees.legalEntity')}
            options={entityOptions}
            value={entityFilter.value}
            onChange={(ids) => {
              entityFilter.onChange(ids);
              resetPage();
            }}
          />
          <MultiFilter
            label={t('employees.employeeType')}
            options={typeOptions}
            value={typeFilter.value}
            onChange={(ids) => {
              typeFilter.onChange(ids);
              resetPage();
            }}
          />
        </section>
      )}

      {loadError && <Message severity="error" text={errorText(loadError) || t('employees.loadFailed')} className="employees-error" />}

      <div className={canManage ? 'employees-body with-form' : 'employees-body'}>
        <DataTable
          value={rows}
          dataKey="id"
          loading={!ready || employees.isFetching || remove.isPending}
          emptyMessage={<TableEmpty answered={hasAnswered(employees) || !!loadError} text={t('employees.noData')} />}
          sortMode="single"
          removableSort
          {...tableProps}
          size="small"
          className="employees-table"
        >
          <Column field="id" header={t('employees.id')} sortable />
          <Column field="employeeType" header={t('employees.type')} sortable />
          <Column field="legalEntityName" header={t('employees.legalEntity')} sortable />
          <Column field="fullname" header={t('employees.fullName')} sortable />
          {canManage && (
            <Column
              header={t('employees.actions')}
              className="employee-actions"
              body={(e: Employee) => (
                <>
                  <RowActionButton action="edit" label={t('employees.edit', { name: e.fullname })} onClick={() => edit(e)} />
                  <RowActionButton
                    action="delete"
                    label={t('employees.delete', { name: e.fullname })}
                    disabled={remove.isPending}
                    onClick={() => confirmDelete(e)}
                  />
                </>
              )}
            />
          )}
        </DataTable>

        {canManage && (
          <aside className="employees-side">
            {typeFormOpen && canManageTypes ? (
              <EmployeeTypeForm
                types={types}
                onClose={() => setTypeFormOpen(false)}
                onAdded={(created) => {
                  setForm((f) => ({ ...f, type: created.id }));
                  setTypeFormOpen(false);
                }}
              />
            ) : (
              <EmployeeForm
                value={form}
                onChange={setForm}
                types={types}
                legalEntities={legalEntities}
                canManageTypes={canManageTypes}
                onAddType={() => setTypeFormOpen(true)}
              />
            )}
          </aside>
        )}
      </div>
      <ConfirmDialog />
    </div>
  );
}

export default EmployeesPage;
