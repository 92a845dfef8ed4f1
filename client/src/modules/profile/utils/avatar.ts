import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE } from '@contracts';

/** Initials of the first two words of the name (docs/accounts.md#profile), e.g. 'Maria da Silva' → 'MD'. */
export function nameInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return words.map((word) => word[0].toUpperCase()).join('') || '?';
}

/** Client-side checks before the instant upload (docs/accounts.md#validation); null when the file may go. */
export function avatarFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_NOT_AN_IMAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}
