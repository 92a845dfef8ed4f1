/**
 * NUP protocol numbers as SEI writes them: `UUUUU.SSSSSS/AAAA-DD` — 5-digit unit code, 6-digit
 * sequence restarting each year, year, and two mod-11 check digits.
 *
 * Check digits: the base digits (UUUUUSSSSSSAAAA) are weighted from the right with 2, 3, 4, …
 * (never restarting); DV = 11 − (sum mod 11), where 10 → 0 and 11 → 1. DV2 repeats the same over
 * base + DV1.
 */
export const NUP_PATTERN = /^(\d{5})\.(\d{6})\/(\d{4})-(\d{2})$/;
export const MAX_NUP_SEQUENCE = 999_999;

function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (i + 2);
  }
  const dv = 11 - (sum % 11);
  return dv === 10 ? 0 : dv === 11 ? 1 : dv;
}

export function nupCheckDigits(base: string): string {
  const dv1 = checkDigit(base);
  const dv2 = checkDigit(`${base}${dv1}`);
  return `${dv1}${dv2}`;
}

export function formatNup(unitCode: string, sequence: number, year: number): string {
  if (!/^\d{5}$/.test(unitCode)) throw new RangeError('unit code must have 5 digits');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_NUP_SEQUENCE) {
    throw new RangeError('sequence out of range');
  }
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year out of range');
  const seq = String(sequence).padStart(6, '0');
  return `${unitCode}.${seq}/${year}-${nupCheckDigits(`${unitCode}${seq}${year}`)}`;
}

/** True for a well-formed NUP whose check digits are right. */
export function isValidNup(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = NUP_PATTERN.exec(value);
  if (!match) return false;
  const [, unit, seq, year, dv] = match;
  return nupCheckDigits(`${unit}${seq}${year}`) === dv;
}

export function parseNup(value: string): { unitCode: string; sequence: number; year: number } | null {
  if (!isValidNup(value)) return null;
  const [, unit, seq, year] = NUP_PATTERN.exec(value)!;
  return { unitCode: unit, sequence: Number(seq), year: Number(year) };
}
