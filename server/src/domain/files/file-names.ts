import { randomUUID } from 'node:crypto';

const MAX_NAME_LENGTH = 255;
const FALLBACK_NAME = 'arquivo';
/** C0/C1 controls, and bidi overrides/isolates that can disguise an extension ("fdp.exe" shown as "exe.pdf"). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/**
 * The client's file name made safe for display, headers and logs: no directories (`../x` → `x`,
 * `C:\a\b.pdf` → `b.pdf`), no control or bidi characters, at most 255 characters keeping the
 * extension. It is never used as a path: files are stored under generated names.
 */
export function sanitizeOriginalName(name: string): string {
  const base = name.normalize('NFC').replace(UNSAFE_CHARS, '').split(/[/\\]/).pop()?.trim() ?? '';
  if (base === '' || /^\.+$/.test(base)) return FALLBACK_NAME;
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_LENGTH) return base;
  const ext = extensionOf(base);
  const suffix = ext && ext.length <= 16 ? `.${ext}` : '';
  return (
    chars
      .slice(0, MAX_NAME_LENGTH - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

/** Lower-case extension without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A fresh storage name; the extension is the detected type's, never the client's. */
export function generateStoredName(ext: string): string {
  return `${randomUUID()}.${ext}`;
}

/** Only names this module generated can be looked up; anything else (`..%2F…`) names nothing. */
export function isStoredName(value: string): boolean {
  return STORED_NAME.test(value);
}

/** ASCII rendering for the `filename=` fallback of Content-Disposition ("Ofício nº 1.pdf" → "Oficio no 1.pdf"). */
export function asciiFallbackName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return ascii.trim() === '' ? FALLBACK_NAME : ascii;
}

/** A stored file's path under the API base (`GET /api/uploads/<name>`), as replies and the client write it. */
export const uploadPath = (storedName: string) => `/uploads/${storedName}`;
