import { useEffect, useState } from 'react';
import { http } from '@/lib/http';
import { cx } from '@/ui/cx';
import { nameInitials } from '../utils/avatar';

export interface UserAvatarProps {
  name: string | null | undefined;
  /** Profile `avatar`: a path under the API base, or null. */
  avatar: string | null | undefined;
  size?: 'sm' | 'md' | 'xl';
  className?: string;
}

/** The user's picture, or the initials of the first two words of the name (docs/accounts.md#profile). */
export function UserAvatar({ name, avatar, size = 'md', className }: UserAvatarProps) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [avatar]);
  const showImage = !!avatar && !broken;
  return (
    <span className={cx('user-avatar', `user-avatar--${size}`, className)} aria-hidden="true">
      {showImage ? (
        <img className="user-avatar__image" src={http.fileUrl(avatar)} alt="" onError={() => setBroken(true)} />
      ) : (
        <span className="user-avatar__initials">{nameInitials(name)}</span>
      )}
    </span>
  );
}
