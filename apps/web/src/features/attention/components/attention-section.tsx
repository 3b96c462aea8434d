/**
 * "Needs your attention" in the bell's panel: the items that need the user's decision in the
 * current organisation (GET /api/action/GetAttentionList), newest first, each with a link to the
 * screen it concerns and Confirm and Dismiss. After a decision the list is read again, the outcome
 * is announced and focus moves to the section's heading (the item's buttons are gone).
 */
import type { AttentionAction, AttentionItem } from '@orchard/shared/attention';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useConfirmAction } from '../api/confirm-action';
import { useAttentionList } from '../api/get-attention-list';
import { attentionText } from '../attention-text';
import '../attention.css';

export function AttentionSection({ headingId, onNavigate }: { headingId: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const list = useAttentionList();
  const decide = useConfirmAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const items = list.data?.items ?? [];
  const count = list.data?.count ?? 0;

  const onDecide = (item: AttentionItem, header: string, action: AttentionAction) => {
    setAnnouncement('');
    decide.mutate(
      { type: item.type, action, actionValue: item.actionValue },
      {
        onSuccess: () => {
          setAnnouncement(t(action === 'confirm' ? 'notifications.attention.confirmed' : 'notifications.attention.dismissed', { item: header }));
          heading.current?.focus();
        },
        onError: (e) =>
          toast.error(t('notifications.attention.actionError'), [t('notifications.attention.actionErrorDetail'), errorText(e)].filter(Boolean).join('\n')),
      },
    );
  };

  return (
    <section className="attention" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="attention-title">
        {t('notifications.attention.title')}
        {count > 0 && <Badge value={count} className="attention-count" />}
      </h3>
      {list.isLoading ? (
        <p role="status">{t('notifications.attention.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{t('notifications.attention.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="attention-empty">{t('notifications.attention.empty')}</p>
      ) : (
        <ul className="attention-list" aria-label={t('notifications.attention.listLabel')}>
          {items.map((item) => {
            const text = attentionText(item, t, format);
            return (
              <li key={`${item.type}:${item.actionValue}`} className="attention-item" data-attention-type={item.type} data-attention-value={item.actionValue}>
                <p className="attention-header">
                  <strong>{text.header}</strong>
                </p>
                <p className="attention-body">{text.body}</p>
                <time dateTime={item.at} className="attention-date">
                  {format.dateTime(item.at)}
                </time>
                <div className="attention-actions">
                  <Link to={item.link} onClick={onNavigate} className="attention-link" aria-label={`${t('notifications.attention.open')}: ${text.header}`}>
                    {t('notifications.attention.open')}
                  </Link>
                  <Button
                    type="button"
                    size="small"
                    outlined
                    label={t('notifications.attention.confirm')}
                    aria-label={`${t('notifications.attention.confirm')}: ${text.header}`}
                    disabled={decide.isPending}
                    onClick={() => onDecide(item, text.header, 'confirm')}
                  />
                  <Button
                    type="button"
                    size="small"
                    text
                    label={t('notifications.attention.dismiss')}
                    aria-label={`${t('notifications.attention.dismiss')}: ${text.header}`}
                    disabled={decide.isPending}
                    onClick={() => onDecide(item, text.header, 'dismiss')}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {count > items.length && <p className="attention-more">{t('notifications.attention.more', { count: count - items.length })}</p>}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
