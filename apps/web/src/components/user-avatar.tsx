/**
 * A person's avatar, the one component every screen shows it with: the uploaded picture, or the
 * product's default image, which is the person's initials on a round tint (lib/initials.ts), so
 * people without a picture still tell each other apart. 60x60 unless a size is given.
 */
import { useTranslation } from 'react-i18next';
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { initials } from '../lib/initials';
import { AVATAR_SIZE_PX } from '../lib/ui-constants';
import { useBlobUrl } from '../lib/use-blob-url';

export interface UserAvatarProps {
  /** the stored picture's blob id; none: the default image */
  avatar: string | null | undefined;
  fullName: string | null | undefined;
  userName: string | null | undefined;
  /** the accessible name (default: "User avatar") */
  label?: string;
  size?: number;
}

export function UserAvatar({ avatar, fullName, userName, label, size = AVATAR_SIZE_PX }: UserAvatarProps) {
  const { t } = useTranslation();
  const url = useBlobUrl(BLOB_CONTAINERS.avatar, avatar);
  const alt = label ?? t('shell.avatarAlt');
  const style = size === AVATAR_SIZE_PX ? undefined : { width: size, height: size, fontSize: size * 0.375 };
  if (url) return <img className="user-avatar" src={url} width={size} height={size} style={style} alt={alt} />;
  return (
    <span className="user-avatar user-avatar-initials" role="img" aria-label={alt} style={style} data-default-avatar="">
      <span aria-hidden="true">{initials(fullName, userName)}</span>
    </span>
  );
}
