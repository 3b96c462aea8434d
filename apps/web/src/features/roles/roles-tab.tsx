/**
 * Settings, roles tab (docs/domain.md, Roles): the organisation's roles in a searchable table,
 * the Role Setup Details dialog and delete with confirmation. Needs roles.view (the route guards
 * it); roles.manage adds create, edit and delete, otherwise each row offers its details only.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { RowActionButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { ROLES_TABLE_SCROLL_HEIGHT_PX } from '../../lib/ui-constants';
import { PERMISSIONS, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { type Role, type RolesResponse } from '@orchard/shared/roles';
import { errorText } from '../../lib/api-error';
import { useSessionContext } from '../../lib/session/use-session-context';
import { toast } from '../../lib/toast';
import { useDeleteRole } from './api/delete-role';
import { useRoles } from './api/get-roles';
import { namedPaginatorTemplate } from '../../components/table-accessibility';
import { RoleEditor } from './components/role-editor';
import { placeSavedRole, removeRole, withIndex, type RoleRow } from './roles-list';
import './roles.css';

const CONFIRM_GROUP = 'roles';

/** The table's rows follow the server's list, then move as saves and deletes succeed. */
function useRoleRows(data: RolesResponse | undefined) {
  const [source, setSource] = useState<RolesResponse | undefined>(undefined);
  const [rows, setRows] = useState<RoleRow[]>([]);
  if (data !== source) {
    setSource(data);
    setRows(withIndex(data?.roles ?? []));
  }
  return [rows, setRows] as const;
}

export function RolesTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const { hasPermission } = useSessionContext();
  const canManage = hasPermission(PERMISSIONS.rolesManage);
  const roles = useRoles();
  const [rows, setRows] = useRoleRows(roles.data);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const remove = useDeleteRole();

  useEffect(() => {
    if (roles.isError) {
      toast.error(t('roles.loadError'), [t('roles.loadErrorDetail'), errorText(roles.error)].filter(Boolean).join('\n'), true);
    }
  }, [roles.isError, roles.error, t]);

  const askDelete = (role: RoleRow) => {
    confirmDialog({
      group: CONFIRM_GROUP,
      header: t('roles.deleteConfirmTitle'),
      message: t('roles.deleteConfirm', { name: role.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('shell.yes'),
      rejectLabel: t('shell.no'),
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      accept: () => {
        remove.mutate(role.id, {
          onSuccess: () => {
            setRows((r) => removeRole(r, role.id));
            toast.success(t('shell.success'), t('roles.deleted', { name: role.name }));
          },
          onError: (e) => {
            toast.error(t('roles.deleteError'), [t('roles.deleteErrorDetail'), errorText(e)].filter(Boolean).join('\n'));
          },
        });
      },
    });
  };

  const header = (
    <div className="roles-header">
      <SearchBox
        id={searchId}
        value={search}
        onChange={setSearch}
        placeholder={t('roles.searchPlaceholder')}
        label={t('roles.search')}
        className="roles-search"
      />
      {canManage && (
        <Button type="button" icon="pi pi-plus" label={t('roles.addRole')} className="roles-add" onClick={() => setEditing({ role: null })} />
      )}
    </div>
  );

  const actions = (row: RoleRow) => (
    <div className="roles-actions">
      {canManage ? (
        <>
          <RowActionButton action="edit" label={t('roles.edit', { name: row.name })} onClick={() => setEditing({ role: row })} />
          <RowActionButton
            action="delete"
            label={t('roles.delete', { name: row.name })}
            disabled={remove.isPending && remove.variables === row.id}
            onClick={() => askDelete(row)}
          />
        </>
      ) : (
        <RowActionButton action="view" label={t('roles.viewDetails', { name: row.name })} onClick={() => setEditing({ role: row })} />
      )}
    </div>
  );

  return (
    <section className="roles-tab" aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`} className="visually-hidden">
        {t('roles.title')}
      </h2>
      <DataTable
        value={rows}
        dataKey="id"
        header={header}
        loading={roles.isLoading}
        globalFilter={search}
        globalFilterFields={['name', 'description']}
        paginator
        rows={TABLE_PAGE_SIZE}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('roles.rowsPerPage'), 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport')}
        currentPageReportTemplate={t('roles.pageReport')}
        scrollable
        scrollHeight={`${ROLES_TABLE_SCROLL_HEIGHT_PX}px`}
        emptyMessage={<TableEmpty answered={hasAnswered(roles)} text={t('roles.empty')} />}
        pt={{ table: { 'aria-label': t('roles.tableLabel') } as never }}
        className="roles-table"
        size="small"
      >
        <Column field="index" header={t('roles.index')} style={{ width: '4rem' }} />
        <Column field="name" header={t('roles.name')} />
        <Column field="description" header={t('roles.description')} />
        <Column field="usersCount" header={t('roles.usersCount')} style={{ width: '6rem' }} />
        <Column header={t('roles.actions')} body={actions} style={{ width: '7rem' }} />
      </DataTable>
      <ConfirmDialog group={CONFIRM_GROUP} />
      {editing && roles.data && (
        <RoleEditor
          role={editing.role}
          catalogue={roles.data.permissions}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setRows((r) => placeSavedRole(r, saved));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}

export default RolesTab;
