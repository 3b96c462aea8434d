/**
 * Settings, users tab (docs/domain.md, Users and roles): search, the users table (20 a page; 20/50/100),
 * Reset Password, edit and delete by permission, New User, Export By Legal Entity and the User
 * Setup dialog.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { RowActionButton } from '../../../components/row-actions';
import { SearchBox } from '../../../components/search-box';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnswered, TableEmpty } from '../../../components/table-empty';
import { PERMISSIONS, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { mayTakeFrom, userMatchesSearch, type User } from '@orchard/shared/users';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useRequestPasswordReset } from '../api/reset-password';
import { useUnblockUser } from '../api/unblock-user';
import { canResetPasswordOf, editorCapabilities } from '../user-editor-logic';
import { matchesStatus, USER_STATUS_FILTERS, userStatuses, type UserStatusFilter } from '../user-status';
import { ExportLegalEntityDialog } from './export-legal-entity-dialog';
import { namedPaginatorTemplate } from '../../../components/table-accessibility';
import { UserSetupDialog } from './user-setup-dialog';
import '../users.css';

type IndexedUser = User & { index: number };

export function UsersTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const { hasPermission, userId, user: me } = useSessionContext();
  const isSuperUser = me?.isSuperUser ?? false;
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const resetPassword = useRequestPasswordReset();
  const unblock = useUnblockUser();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const statusId = useId();
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
    () =>
      (users.data?.users ?? [])
        .filter((u) => userMatchesSearch(u, search) && matchesStatus(u, status))
        .map((u, i) => ({ ...u, index: i + 1 })),
    [users.data, search, status],
  );

  const remove = async (user: User) => {
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success(t('users.success'), t('users.deleted', { userName: user.userName }));
    } catch (e) {
      toast.error(t('users.deleteError'), `${t('users.deleteErrorText')}\n${errorText(e)}`);
    }
  };
  const askDelete = (user: User) =>
    confirmDialog({
      header: t('users.confirmTitle'),
      message: t('users.confirmDelete', { userName: user.userName }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('users.yes'),
      rejectLabel: t('users.no'),
      acceptClassName: 'p-button-danger',
      accept: () => void remove(user),
    });

  // the row offers Unblock where the editor would (the same rule: users.manage, and their identity is the caller's to change)
  const mayUnblock = (u: User) =>
    editorCapabilities('edit', hasPermission, {
      isSelf: u.id === userId,
      isLockedOut: u.isLockedOut,
      isSuperUser,
      inOtherOrganizations: u.inOtherOrganizations,
      editsSuperUser: u.isSuperUser,
    }).showUnblock;
  const onUnblock = async (u: User) => {
    try {
      await unblock.mutateAsync(u.id);
      toast.success(t('users.success'), t('users.unblocked'));
    } catch (e) {
      toast.error(t('users.unblockError'), `${t('users.unblockErrorText')}\n${errorText(e)}`, true);
    }
  };

  const statusBody = (u: User) => (
    <div className="user-statuses">
      {userStatuses(u).map((s) => (
        <Tag key={s} value={t(`users.status.${s}`)} className={`user-status user-status-${s}`} />
      ))}
    </div>
  );

  const sendReset = async (user: User) => {
    try {
      const { email } = await resetPassword.mutateAsync(user.id);
      toast.success(t('users.success'), t('users.resetEmailSent', { email }));
    } catch (e) {
      toast.error(t('users.updateError'), `${t('users.updateErrorText')}\n${errorText(e)}`);
    }
  };
  const askReset = (user: User) =>
    confirmDialog({
      header: t('users.confirmTitle'),
      message: t('users.confirmResetPassword', { email: user.email }),
      icon: 'pi pi-key',
      acceptLabel: t('users.yes'),
      rejectLabel: t('users.no'),
      accept: () => void sendReset(user),
    });

  const actions = (u: User) => (
    <div className="row-actions">
      {canReset && canResetPasswordOf(u, { userId, isSuperUser }) && (
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
      {mayUnblock(u) && (
        <Button
          type="button"
          label={t('users.unblock')}
          icon="pi pi-lock-open"
          size="small"
          text
          aria-label={t('users.unblockUser', { userName: u.userName })}
          loading={unblock.isPending && unblock.variables === u.id}
          disabled={unblock.isPending}
          onClick={() => void onUnblock(u)}
        />
      )}
      {canManage && (
        <RowActionButton action="edit" label={t('users.editUser', { userName: u.userName })} onClick={() => setEditing(u)} />
      )}
      {/* a super user (a platform operator) is removed only by a super user */}
      {canManage && u.id !== userId && mayTakeFrom(u, isSuperUser) && (
        <RowActionButton action="delete" label={t('users.deleteUser', { userName: u.userName })} onClick={() => askDelete(u)} />
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
      <div className="users-status-filter">
        <label htmlFor={statusId}>{t('users.status.filter')}</label>
        <Dropdown
          inputId={statusId}
          value={status}
          options={USER_STATUS_FILTERS.map((f) => ({ value: f, label: t(`users.status.${f}`) }))}
          onChange={(e) => setStatus(e.value as UserStatusFilter)}
          ariaLabel={t('users.status.filter')}
          pt={labelledDropdownPt}
          className="users-status-dropdown"
        />
      </div>
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
        emptyMessage={<TableEmpty answered={hasAnswered(users)} text={t('users.noData')} />}
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
        <Column header={t('users.status.column')} body={statusBody} />
        {(canManage || canReset) && <Column header={t('users.actions')} body={actions} className="actions-column" />}
      </DataTable>
      <UserSetupDialog target={editing} listRoles={listRoles} onClose={() => setEditing(null)} />
      {canExport && <ExportLegalEntityDialog visible={exportOpen} roles={listRoles} onClose={() => setExportOpen(false)} />}
      <ConfirmDialog />
    </section>
  );
}

export default UsersTab;
