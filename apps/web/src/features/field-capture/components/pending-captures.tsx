/**
 * The captures of one list that the server does not have yet: each "waiting to send", or refused
 * with the server's reason and the buttons to open it again or discard it.
 */
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { FIELD_CAPTURE_REASONS } from '@orchard/shared/field-capture';
import { OutboxBadge } from '../../../components/outbox-status';
import { RowActionButton } from '../../../components/row-actions';
import { discardCapture, useOutboxEntries } from '../../../lib/outbox/app-outbox';
import type { OutboxEntry, OutboxRefusal } from '../../../lib/outbox/outbox-store';

/** The text of a refusal: ours for the reasons a person cannot fix in the form, else the server's messages. */
export function useRefusalText() {
  const { t } = useTranslation();
  return (refusal: OutboxRefusal | null): string => {
    if (!refusal) return '';
    if (refusal.reason === FIELD_CAPTURE_REASONS.clientIdTaken) return t('fieldCapture.refusals.clientIdTaken');
    if (refusal.reason === 'not-found') return t('fieldCapture.refusals.notFound');
    if (refusal.reason === 'forbidden') return t('fieldCapture.refusals.forbidden');
    const details = refusal.details.map((d) => d.message).filter(Boolean);
    return details.length > 0 ? details.join(' ') : refusal.message || t('fieldCapture.refusals.other');
  };
}

export function PendingCaptures({ kind, onEdit }: { kind: string; onEdit: (entry: OutboxEntry) => void }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const entries = useOutboxEntries().filter((e) => e.kind === kind);
  if (entries.length === 0) return null;

  const confirmDiscard = (entry: OutboxEntry) =>
    confirmDialog({
      header: t('fieldCapture.discardHeader'),
      message: t('fieldCapture.discardConfirm', { name: entry.summary }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('fieldCapture.yes'),
      rejectLabel: t('fieldCapture.no'),
      defaultFocus: 'reject',
      accept: () => void discardCapture(entry.clientId),
    });

  return (
    <section className="pending-captures" aria-labelledby={`${kind}-pending-title`}>
      <h3 id={`${kind}-pending-title`}>{t('fieldCapture.notSentYet')}</h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.clientId} className={`pending-capture ${entry.state}`} data-client-id={entry.clientId}>
            <div className="pending-capture-text">
              <span className="pending-capture-summary">{entry.summary}</span>
              <OutboxBadge entry={entry} />
            </div>
            {entry.state === 'refused' && (
              <>
                <p className="pending-capture-refusal">{refusalText(entry.refusal)}</p>
                <div className="pending-capture-actions">
                  <RowActionButton action="edit" label={t('fieldCapture.editCapture', { name: entry.summary })} onClick={() => onEdit(entry)} />
                  <RowActionButton action="delete" label={t('fieldCapture.discardCapture', { name: entry.summary })} onClick={() => confirmDiscard(entry)} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
