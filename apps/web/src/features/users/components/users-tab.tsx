/**
 * Settings, users tab (spec 01, 2.6, 4.3, 8.2): search, the users table (20 a page; 20/50/100),
 * Reset Password, edit and delete by permission, New User, Export By Legal Entity and the User
 * Setup dialog.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { SearchBox } from '../../../components/search-box';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS, userMatchesSearch, type User } from '@orchard/shared';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useRequestPasswordReset } from '../api/reset-password';
import { ExportLegalEntityDialog } from './export-legal-entity-dialog';
import { namedPaginatorTemplate } from '../../../components/table-accessibility';
import { UserSetupDialog } from './user-setup-dialog';
import '../users.css';

type IndexedUser = User & { index: number };

export function UsersTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const { hasPermission, userId } = useSessionContext();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const resetPassword = useRequestPasswordReset();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [exportOpen, setExportOpen] = useState(false);

  const canManage = hasPermission(PERMISSIONS.usersManage);
  const canCreate = canManage && hasPermission(PERMISSIONS.rolesAssign);
  const canReset = hasPermission(PERMISSIONS.usersResetPassword);
  const canExport = hasPermission(PERMISSIONS.usersAreaReport);
  const listRoles = users.data?.roles ?? null;

  const { error } = users;
  useEffect(() => {
    if (error) toast.error(t('users.loadError'), `${t('users.loadUsersFailed')}\n${errorText(error)}`, true);
  }, [error, t]);

  const rows: IndexedUser[] = useMemo(
    () => (users.data?.users ?? []).filter((u) => userMatchesSearch(u, search)).map((u, i) => ({ ...u, index: i + 1 })),
    [users.data, search],
  );

  const askDelete = (user: User) =>
    confirmDialog({
      header: t('users.confirmTitle'),
      message: t('users.confirmDelete', { userName: user.userName }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('users.yes'),
      rejectLabel: t('users.no'),
      acceptClassName: 'p-button-danger',
      accept: async () => {
        try {
          await deleteUser.mutateAsync(user.id);
        } catch (e) {
          toast.error(t('users.deleteError'), `${t('users.deleteErrorText')}\n${errorText(e)}`);
        }
      },
    });

  const askReset = (user: User) =>
    confirmDialog({
      header: t('users.confirmTitle'),
      message: t('users.confirmResetPassword', { email: user.email }),
      icon: 'pi pi-key',
      acceptLabel: t('users.yes'),
      rejectLabel: t('users.no'),
      accept: async () => {
        try {
          const { email } = await resetPassword.mutateAsync(user.id);
          toast.success(t('users.success'), t('users.resetEmailSent', { email }));
        } catch (e) {
          toast.error(t('users.updateError'), `${t('users.updateErrorText')}\n${errorText(e)}`);
        }
      },
    });

  const actions = (u: User) => (
    <div className="row-actions">
      {canReset && (
        <Button
          type="button"
          label={t('users.resetPassword')}
          icon="pi pi-key"
          size="small"
          text
          aria-label={t('users.resetPasswordFor', { userName: u.userName })}
          onClick={() => askReset(u)}
        />
      )}
      {canManage && (
        <Button
          type="button"
          icon="pi pi-pencil"
          rounded
          text
          aria-label={t('users.editUser', { userName: u.userName })}
          onClick={() => setEditing(u)}
        />
      )}
      {canManage && u.id !== userId && (
        <Button
          type="button"
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={t('users.deleteUser', { userName: u.userName })}
          onClick={() => askDelete(u)}
        />
      )}
    </div>
  );

  const header = (
    <div className="users-toolbar">
      <SearchBox
        id={searchId}
        value={search}
        onChange={setSearch}
        placeholder={t('users.searchPlaceholder')}
        label={t('users.search')}
        className="users-search"
      />
      <div className="users-toolbar-buttons">
        {canExport && (
          <Button
            type="button"
            icon="pi pi-file-export"
            label={t('users.exportByLegalEntity')}
            outlined
            onClick={() => setExportOpen(true)}
          />
        )}
        {canCreate && (
          <Button
            type="button"
            icon="pi pi-plus"
            rounded
            className="new-user-button"
            aria-label={t('users.newUser')}
            tooltip={t('users.newUser')}
            tooltipOptions={{ position: 'left' }}
            onClick={() => setEditing('new')}
          />
        )}
      </div>
    </div>
  );

  return (
    <section className="users-tab" aria-labelledby={`${searchId}-heading`}>
      <h2 id={`${searchId}-heading`} className="settings-tab-heading">
        {t('users.title')}
      </h2>
      <DataTable
        value={rows}
        dataKey="id"
        header={header}
        loading={users.isLoading || deleteUser.isPending}
        paginator
        rows={TABLE_PAGE_SIZE}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('users.rowsPerPage'))}
        currentPageReportTemplate={t('users.pageReport')}
        emptyMessage={t('users.noData')}
        scrollable
        pt={{ table: { 'aria-label': t('users.tableLabel') } }}
        className="users-table"
        size="small"
        stripedRows
      >
        <Column field="index" header={t('users.index')} style={{ width: '3.5rem' }} />
        <Column field="userName" header={t('users.userName')} />
        <Column field="fullName" header={t('users.fullName')} />
        <Column field="email" header={t('users.email')} body={(u: User) => <a href={`mailto:${u.email}`}>{u.email}</a>} />
        <Column
          field="roles"
          header={t('users.roles')}
          body={(u: User) => (
            <div className="role-badges">
              {u.roles.map((r) => (
                <Tag key={r} value={r} className="role-badge" />
              ))}
            </div>
          )}
        />
        <Column field="phoneNumber" header={t('users.phoneNumber')} />
        {(canManage || canReset) && <Column header={t('users.actions')} body={actions} className="actions-column" />}
      </DataTable>
      <UserSetupDialog target={editing} listRoles={listRoles} onClose={() => setEditing(null)} />
      {canExport && <ExportLegalEntityDialog visible={exportOpen} roles={listRoles} onClose={() => setExportOpen(false)} />}
      <ConfirmDialog />
    </section>
  );
}

export default UsersTab;
