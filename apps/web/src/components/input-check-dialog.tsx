/**
 * The Oldest cell's dialog (docs/domain.md, Input checks): a description and the blocks
 * it concerns, with Copy details (the description and the list, on the clipboard) and Close.
 */
import type { InputCheckKind } from '@orchard/shared/input-checks';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { inputCheckDescription, inputCheckDetailsText } from './input-check-details';

export interface InputCheckDialogTarget {
  farm: string;
  kind: InputCheckKind;
  oldest: number | null;
  oldestIds: readonly string[];
}

/** Puts text on the clipboard; false when the browser refuses (no clipboard, no permission). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function InputCheckDialog({ target, onClose }: { target: InputCheckDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const description = target ? inputCheckDescription(target.kind, target.oldest, t) : '';
  const ids = target?.oldestIds ?? [];

  const copy = async () => {
    if (await copyToClipboard(inputCheckDetailsText(description, ids))) toast.success(t('inputChecks.copied'), t('inputChecks.copiedDetail'));
    else toast.error(t('inputChecks.copyFailed'), t('inputChecks.copyFailedDetail'));
  };

  const footer = (
    <div className="input-check-dialog-actions">
      <Button type="button" icon="pi pi-copy" label={t('inputChecks.copyDetails')} onClick={() => void copy()} />
      <Button type="button" label={t('inputChecks.close')} outlined severity="secondary" onClick={onClose} />
    </div>
  );

  return (
    <Dialog
      header={target ? t('inputChecks.dialogTitle', { farm: target.farm, kind: t(`inputChecks.kinds.${target.kind}`) }) : ''}
      visible={target !== null}
      onHide={onClose}
      footer={footer}
      style={{ width: '28rem' }}
      breakpoints={{ '480px': '95vw' }}
      modal
      draggable={false}
      className="input-check-dialog"
    >
      <p className="input-check-dialog-description">{description}</p>
      {ids.length > 0 && (
        <ul className="input-check-dialog-list" aria-label={t('inputChecks.blocks')}>
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
