/**
 * The top bar's bell: the notifications area's bell with the attention area's count and section
 * in its panel. Both wait until the screen's own data has come (lib/page-settled), ignoring their
 * own requests, which share the key family ['org', organisation, 'notifications', user].
 */
import { AttentionSection } from '../features/attention/components/attention-section';
import { useAttentionList } from '../features/attention/api/get-attention-list';
import { notificationsKeys } from '../features/notifications/api/keys';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { usePageSettled } from '../lib/page-settled';

export function TopBarBell() {
  const ready = usePageSettled(notificationsKeys.isNotifications);
  const attention = useAttentionList(ready);
  return (
    <NotificationsBell
      ready={ready}
      attention={{ count: attention.data?.count ?? 0, section: (props) => <AttentionSection {...props} /> }}
    />
  );
}
