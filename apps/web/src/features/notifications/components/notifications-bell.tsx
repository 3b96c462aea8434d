/**
 * The notifications bell in the top bar (docs/domain.md, Notifications): the unread count on the button
 * and in its label, and a panel with the notifications, pinned first then newest, with pin, mark
 * read and delete. New notifications arrive live over the event stream. Above them, the items
 * that need the user's decision (the attention area's section, given by the shell that composes
 * both); the button's count and label include them.
 */
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@orchard/shared/notifications';
import { errorText } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { toast } from '../../../lib/toast';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useDeleteNotification, usePinNotification, useReadNotification } from '../api/update-notification';
import { useNotificationStream } from '../use-notification-stream';
import '../notifications.css';

/** What the attention area shows in the bell: its count, and its section of the panel. */
export interface BellAttention {
  count: number;
  section: (props: { headingId: string; onNavigate: () => void }) => ReactNode;
}

/** `ready`: the screen's own data has come (lib/page-settled), so the bell may ask. */
export function NotificationsBell({ ready, attention }: { ready: boolean; attention?: BellAttention }) {
  const { t } = useTranslation();
  const panelId = useId();
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(ready);
  const list = useNotifications(open);
  useNotificationStream(ready);
  const unreadCount = unread.data?.count ?? 0;
  const attentionCount = attention?.count ?? 0;
  const count = unreadCount + attentionCount;
  const label =
    unreadCount > 0 && attentionCount > 0
      ? t('notifications.bellUnreadAttention', { count: unreadCount, attention: attentionCount })
      : unreadCount > 0
        ? t('notifications.bellUnread', { count: unreadCount })
        : attentionCount > 0
          ? t('notifications.bellAttention', { count: attentionCount })
          : t('notifications.bell');

  return (
    <div className="notifications-bell">
      <Button
        type="button"
        icon="pi pi-bell"
        text
        rounded
        className="topbar-icon-button notifications-button p-overlay-badge"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(e) => panel.current?.toggle(e)}
      >
        {count > 0 && <Badge value={count > 99 ? '99+' : count} severity="danger" className="notifications-badge" aria-hidden="true" />}
      </Button>
      <OverlayPanel
        ref={panel}
        id={panelId}
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
        className="notifications-panel"
      >
        <div role="dialog" aria-labelledby={`${panelId}-title`} className="notifications-dialog">
        <h2 id={`${panelId}-title`} className="notifications-title">
          {t('notifications.title')}
        </h2>
        {attention?.section({ headingId: `${panelId}-attention`, onNavigate: () => panel.current?.hide() })}
        {list.isLoading ? (
          <div className="notifications-loading" role="status">
            <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" aria-hidden="true" />
            <span>{t('notifications.loading')}</span>
          </div>
        ) : list.isError ? (
          <p role="alert">{t('notifications.loadError')}</p>
        ) : (list.data ?? []).length === 0 ? (
          <p>{t('notifications.empty')}</p>
        ) : (
          <ul className="notifications-list" aria-label={t('notifications.listLabel')}>
            {(list.data ?? []).map((n) => (
              <NotificationRow key={n.id} item={n} />
            ))}
          </ul>
        )}
        </div>
      </OverlayPanel>
    </div>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const pin = usePinNotification();
  const read = useReadNotification();
  const remove = useDeleteNotification();
  const failed = (e: unknown) => toast.error(t('notifications.actionError'), [t('notifications.actionErrorDetail'), errorText(e)].filter(Boolean).join('\n'));
  const busy = pin.isPending || read.isPending || remove.isPending;

  return (
    <li className={`notification ${item.isRead ? 'is-read' : 'is-unread'} ${item.isPinned ? 'is-pinned' : ''}`} data-notification-id={item.id}>
      <div className="notification-text">
        <p className="notification-header">
          {item.isPinned && <i className="pi pi-thumbtack" aria-label={t('notifications.pinned')} role="img" />}
          {!item.isRead && <span className="notification-unread-dot" aria-label={t('notifications.unread')} role="img" />}
          <strong>{item.header}</strong>
        </p>
        <p className="notification-body">{item.body}</p>
        <time dateTime={item.date} className="notification-date">
          {format.dateTime(item.date)}
        </time>
      </div>
      <div className="notification-actions">
        <Button
          type="button"
          icon="pi pi-thumbtack"
          text
          rounded
          size="small"
          disabled={busy}
          aria-pressed={item.isPinned}
          aria-label={`${item.isPinned ? t('notifications.unpin') : t('notifications.pin')}: ${item.header}`}
          onClick={() => pin.mutate({ id: item.id, isPinned: !item.isPinned }, { onError: failed })}
        />
        {!item.isRead && (
          <Button
            type="button"
            icon="pi pi-check"
            text
            rounded
            size="small"
            disabled={busy}
            aria-label={`${t('notifications.markRead')}: ${item.header}`}
            onClick={() => read.mutate(item.id, { onError: failed })}
          />
        )}
        <Button
          type="button"
          icon="pi pi-trash"
          text
          rounded
          size="small"
          severity="danger"
          disabled={busy}
          aria-label={`${t('notifications.delete')}: ${item.header}`}
          onClick={() => remove.mutate(item.id, { onError: failed })}
        />
      </div>
    </li>
  );
}

export default NotificationsBell;
