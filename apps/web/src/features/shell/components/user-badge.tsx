/** Avatar (60x60: the uploaded picture, or the default image), full name and job title. */
import { UserAvatar } from '../../../components/user-avatar';
import { useSessionContext } from '../../../lib/session/use-session-context';

export function UserBadge({ compact = false }: { compact?: boolean }) {
  const { user } = useSessionContext();
  return (
    <div className={`user-badge${compact ? ' compact' : ''}`}>
      <UserAvatar avatar={user?.avatar} fullName={user?.fullName} userName={user?.userName} />
      <div className="user-text">
        <span className="user-name">{user?.fullName || user?.userName}</span>
        {user?.jobTitle && <span className="user-job-title">{user.jobTitle}</span>}
      </div>
    </div>
  );
}
