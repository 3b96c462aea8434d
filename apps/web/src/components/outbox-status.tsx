/**
 * What the outbox holds, for every capture screen: whether the browser is online, how many
 * captures wait to be sent and how many the server refused (a polite live region, so the count
 * is announced as it changes), and the badge a waiting or refused capture carries in a list.
 */
import { useTranslation } from 'react-i18next';
import { useOnline, useOutboxEntries, useOutboxLoaded } from '../lib/outbox/app-outbox';
import type { OutboxEntry } from '../lib/outbox/outbox-store';
import './outbox-status.css';

/** `kinds`: only the captures of these lists (default: all). */
export function OutboxStatus({ kinds }: { kinds?: readonly string[] }) {
  const { t } = useTranslation();
  const online = useOnline();
  // "Everything is sent" only once the outbox has read its store: before that it knows nothing
  const loaded = useOutboxLoaded();
  const entries = useOutboxEntries().filter((e) => !kinds || kinds.includes(e.kind));
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const refused = entries.length - waiting;
  return (
    <div className="outbox-status" role="status" aria-live="polite">
      <span className={online ? 'outbox-network online' : 'outbox-network offline'}>
        <i className={online ? 'pi pi-wifi' : 'pi pi-ban'} aria-hidden="true" />
        {online ? t('outbox.online') : t('outbox.offline')}
      </span>
      <span className="outbox-count">
        {!loaded ? null : waiting === 0 && refused === 0 ? t('outbox.allSent') : waiting > 0 ? t('outbox.waitingCount', { count: waiting }) : null}
      </span>
      {refused > 0 && <span className="outbox-count refused">{t('outbox.refusedCount', { count: refused })}</span>}
    </div>
  );
}

/** The badge of one capture still in the outbox. */
export function OutboxBadge({ entry }: { entry: Pick<OutboxEntry, 'state'> }) {
  const { t } = useTranslation();
  return entry.state === 'refused' ? (
    <span className="outbox-badge refused">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('outbox.refused')}
    </span>
  ) : (
    <span className="outbox-badge waiting">
      <i className="pi pi-clock" aria-hidden="true" /> {t('outbox.waiting')}
    </span>
  );
}
