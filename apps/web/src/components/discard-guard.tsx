/**
 * Closing an editor dialog never loses work silently:
 * - Escape closes the open overlay first (a dropdown's list, a date picker): only an Escape that
 *   no overlay took closes the dialog (components/overlay-open.ts);
 * - closing (Escape, the X, Cancel) with unsaved changes asks before discarding them; "Keep
 *   editing" returns to the dialog with everything as it was.
 * Usage: const guard = useDiscardGuard(isDirty, onClose); <EditorDialog guard={guard} ...Dialog props>;
 * Cancel buttons call guard.requestClose.
 */
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { useCallback, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { overlayOpen } from './overlay-open';

export interface DiscardGuard {
  requestClose: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  prompt: ReactNode;
}

export function useDiscardGuard(dirty: boolean, onClose: () => void): DiscardGuard {
  const { t } = useTranslation();
  // the prompt's own ConfirmDialog group: shown through confirmDialog(), which PrimeReact animates
  // once (a controlled ConfirmDialog re-rendered with the dialog kept re-running its transitions)
  const group = `discard-${useId()}`;
  const requestClose = useCallback(() => {
    if (!dirty) {
      onClose();
      return;
    }
    confirmDialog({
      group,
      header: t('editor.discardTitle'),
      message: t('editor.discardMessage'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('editor.discard'),
      rejectLabel: t('editor.keepEditing'),
      defaultFocus: 'reject',
      accept: onClose,
      className: 'discard-prompt',
    });
  }, [dirty, onClose, group, t]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      // whether an overlay is open decides, not defaultPrevented: PrimeReact's Dropdown marks every
      // Escape it sees as handled, its list open or not, and the dialog would never close from it
      if (event.key !== 'Escape' || overlayOpen()) return;
      event.stopPropagation();
      requestClose();
    },
    [requestClose],
  );

  return { requestClose, onKeyDown, prompt: <ConfirmDialog group={group} /> };
}

/** A PrimeReact Dialog closed through a discard guard (its onHide and Escape handling are the guard's). */
export function EditorDialog({ guard, ...props }: Omit<DialogProps, 'onHide' | 'closeOnEscape'> & { guard: DiscardGuard }) {
  // PrimeReact passes props it does not know (onKeyDown) on to the dialog's root element
  const dialogProps = { ...props, onHide: guard.requestClose, closeOnEscape: false, onKeyDown: guard.onKeyDown } as DialogProps;
  return (
    <>
      <Dialog {...dialogProps} />
      {guard.prompt}
    </>
  );
}
