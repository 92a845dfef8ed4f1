/** Owner kind of avatar files in stored_files (the files module's 'avatar' read policy). */
export const AVATAR_OWNER_KIND = 'avatar';

const PREFIX = '/uploads/';

/** The profile's `avatar`: a path under the API base, served by GET /api/uploads/:file. */
export function avatarUrlOf(storedName: string): string {
  return `${PREFIX}${storedName}`;
}

/** The stored file behind an avatar URL written by avatarUrlOf, or null for anything else. */
export function avatarStoredName(avatar: string | null): string | null {
  return avatar?.startsWith(PREFIX) ? avatar.slice(PREFIX.length) : null;
}
