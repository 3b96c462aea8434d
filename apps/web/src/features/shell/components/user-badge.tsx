/** Avatar (60x60, blob or the default image), full name and job title. */
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE_PX, BLOB_CONTAINERS } from '@orchard/shared';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useBlobUrl } from '../api/use-blob-url';

export function UserBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSessionContext();
  const avatarUrl = useBlobUrl(BLOB_CONTAINERS.avatar, user?.avatar);
  return (
    <div className={`user-badge${compact ? ' compact' : ''}`}>
      <img
        className="user-avatar"
        src={avatarUrl ?? defaultAvatar}
        width={AVATAR_SIZE_PX}
        height={AVATAR_SIZE_PX}
        alt={t('shell.avatarAlt')}
      />
      <div className="user-text">
        <span className="user-name">{user?.fullName || user?.userName}</span>
        {user?.jobTitle && <span className="user-job-title">{user.jobTitle}</span>}
      </div>
    </div>
  );
}
