/** Avatar (60x60: the uploaded picture, or the person's initials), full name and job title. */
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE_PX } from '../../../lib/ui-constants';
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { initials } from '../../../lib/initials';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useBlobUrl } from '../api/use-blob-url';

export function UserBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSessionContext();
  const avatarUrl = useBlobUrl(BLOB_CONTAINERS.avatar, user?.avatar);
  return (
    <div className={`user-badge${compact ? ' compact' : ''}`}>
      {avatarUrl ? (
        <img className="user-avatar" src={avatarUrl} width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} alt={t('shell.avatarAlt')} />
      ) : (
        <span className="user-avatar user-avatar-initials" role="img" aria-label={t('shell.avatarAlt')}>
          <span aria-hidden="true">{initials(user?.fullName, user?.userName)}</span>
        </span>
      )}
      <div className="user-text">
        <span className="user-name">{user?.fullName || user?.userName}</span>
        {user?.jobTitle && <span className="user-job-title">{user.jobTitle}</span>}
      </div>
    </div>
  );
}
