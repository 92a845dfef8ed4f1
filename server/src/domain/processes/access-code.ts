import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Crockford's base32: no I, L, O, U, so a code read aloud or typed is not misheard (docs/processes.md#receipts-and-tracking). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 random bits. */
export const ACCESS_CODE_LENGTH = 16;

/** A new access code: 16 Crockford base32 characters from 10 random bytes (80 bits). */
export function newAccessCode(): string {
  const bytes = randomBytes((ACCESS_CODE_LENGTH * 5) / 8);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = ACCESS_CODE_LENGTH - 1; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** XXXX-XXXX-XXXX-XXXX, for reading aloud. */
export function groupAccessCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** What a citizen typed, as stored: case, spaces and dashes ignored; I/L read as 1 and O as 0 (Crockford). */
export function normalizeAccessCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function hashAccessCode(code: string): Buffer {
  return createHash('sha256').update(normalizeAccessCode(code)).digest();
}

/** Compares in constant time; `stored` is null when there is no code (a dummy hash is compared instead). */
export function accessCodeMatches(input: string, stored: Buffer | null): boolean {
  const given = hashAccessCode(input);
  const equal = timingSafeEqual(given, stored ?? DUMMY_HASH);
  return equal && stored !== null;
}

const DUMMY_HASH = hashAccessCode(newAccessCode());
