/** Packhouse management: the organisation's packhouses, removal on confirm, and the Packhouse Setup dialog. */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { type ManagedPackhouse } from '@orchard/shared/packhouses';
import { RowActionButton } from '../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../components/table-accessibility';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { usePackhouses } from './api/get-packhouses';
import { useRemovePackhouse } from './api/remove-packhouse';
import { PackhouseSetupDialog } from './components/packhouse-setup-dialog';
import './packhouses.css';

export function PackhousesPage() {
  const { t } = useTranslation();
  const packhouses = usePackhouses();
  const remove = useRemovePackhouse();
  const [dialogOpen, setDialogOpen] = useState(false);

  const confirmRemove = (packhouse: ManagedPackhouse) =>
    confirmDialog({
      header: t('packhouses.confirmHeader'),
      message: t('packhouses.removeConfirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('packhouses.yes'),
      rejectLabel: t('packhouses.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(packhouse.id, {
          onSuccess: () => toast.success(t('packhouses.success'), `${t('packhouses.removed')}: ${packhouse.name}`),
          onError: (e) => toast.error(t('packhouses.error'), errorText(e)),
        }),
    });

  return (
    <div className="packhouses-page">
      <div className="packhouses-header">
        <h1>{t('packhouses.title')}</h1>
        <Button type="button" icon="pi pi-plus" label={t('packhouses.addPackhouse')} onClick={() => setDialogOpen(true)} />
      </div>
      <DataTable
        value={packhouses.data ?? []}
        dataKey="id"
        loading={packhouses.isFetching || remove.isPending}
        emptyMessage={<TableEmpty answered={hasAnswered(packhouses)} text={t('packhouses.noData')} />}
        paginator
        rows={TABLE_PAGE_SIZE}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('packhouses.rowsPerPage'))}
        currentPageReportTemplate={t('packhouses.pageReport')}
        scrollable
        size="small"
        pt={scrollableTablePt(t('packhouses.tableCaption'))}
        className="packhouses-table"
      >
        <Column field="name" header={t('packhouses.name')} />
        <Column
          header={t('packhouses.action')}
          className="packhouse-action"
          body={(p: ManagedPackhouse) => (
            <RowActionButton
              action="delete"
              label={t('packhouses.remove', { name: p.name })}
              disabled={remove.isPending}
              onClick={() => confirmRemove(p)}
            />
          )}
        />
      </DataTable>
      <ConfirmDialog />
      <PackhouseSetupDialog visible={dialogOpen} onHide={() => setDialogOpen(false)} />
    </div>
  );
}

export default PackhousesPage;
