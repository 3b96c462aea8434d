/** Export By Legal Entity (users.areaReport): roles with users, all preselected; the server builds the CSV. */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MultiSelect } from 'primereact/multiselect';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MULTISELECT_MAX_LABELS } from '../../../lib/ui-constants';
import { type UserListRole } from '@orchard/shared/users';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useExportLegalEntityReport } from '../api/export-legal-entity-report';
import { exportableRoles } from '../user-editor-logic';

export function ExportLegalEntityDialog({
  visible,
  roles,
  onClose,
}: {
  visible: boolean;
  roles: readonly UserListRole[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { options, selected: preselected } = exportableRoles(roles);
  const [selected, setSelected] = useState<number[]>(preselected);
  const exportReport = useExportLegalEntityReport();

  const run = async () => {
    try {
      await exportReport.mutateAsync(selected);
    } catch (e) {
      toast.error(t('users.exportError'), `${t('users.exportErrorText')}\n${errorText(e)}`, true);
    }
  };

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('users.close')} icon="pi pi-times" severity="secondary" outlined onClick={onClose} />
      <Button
        type="button"
        label={exportReport.isPending ? t('users.exporting') : t('users.export')}
        icon="pi pi-download"
        loading={exportReport.isPending}
        disabled={exportReport.isPending || selected.length === 0}
        onClick={() => void run()}
      />
    </div>
  );

  return (
    <Dialog
      header={t('users.exportByLegalEntity')}
      visible={visible}
      onHide={onClose}
      footer={footer}
      style={{ width: '480px' }}
      breakpoints={{ '520px': '95vw' }}
      modal
      draggable={false}
      onShow={() => setSelected(preselected)}
      className="export-dialog"
    >
      <div className="field">
        <label htmlFor={`${id}-roles`}>{t('users.roles')}</label>
        <MultiSelect
          inputId={`${id}-roles`}
          value={selected}
          options={options}
          optionLabel="name"
          optionValue="id"
          onChange={(e) => setSelected(e.value as number[])}
          filter
          maxSelectedLabels={MULTISELECT_MAX_LABELS}
          selectedItemsLabel={t('users.itemsSelected')}
          placeholder={t('users.selectRoles')}
          className="w-full"
        />
      </div>
    </Dialog>
  );
}
