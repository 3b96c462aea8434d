/**
 * The User Setup dialog (650 px) around the user editor. Escape closes an open Roles or Farms list
 * first, and closing with unsaved changes asks before discarding them (components/discard-guard).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { USER_DIALOG_WIDTH_PX } from '../../../lib/ui-constants';
import { type User, type UserListRole } from '@orchard/shared/users';
import { UserEditor } from './user-editor';

export function UserSetupDialog({
  target,
  listRoles,
  onClose,
}: {
  /** the user to edit, 'new' for a new user, null when closed */
  target: User | 'new' | null;
  listRoles: readonly UserListRole[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const close = useCallback(() => {
    setDirty(false);
    onClose();
  }, [onClose]);
  const guard = useDiscardGuard(dirty, close);
  return (
    <EditorDialog
      guard={guard}
      header={t('users.dialogTitle')}
      visible={target !== null}
      style={{ width: `${USER_DIALOG_WIDTH_PX}px` }}
      breakpoints={{ [`${USER_DIALOG_WIDTH_PX + 40}px`]: '95vw' }}
      modal
      draggable={false}
      className="user-setup-dialog"
    >
      {target !== null && (
        <UserEditor
          key={target === 'new' ? 'new' : `${target.id}:${target.version}`}
          mode={target === 'new' ? 'new' : 'edit'}
          user={target === 'new' ? null : target}
          listRoles={listRoles}
          inDialog
          onClose={close}
          requestClose={guard.requestClose}
          onDirtyChange={setDirty}
        />
      )}
    </EditorDialog>
  );
}
