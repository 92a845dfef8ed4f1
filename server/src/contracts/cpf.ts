/** CPF (Brazilian taxpayer number): 11 digits, the last two check digits (docs/processes.md#online-filing). */

const digitsOf = (value: string) => value.replace(/[.\-\s]/g, '');

function checkDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True for a CPF with valid check digits, typed with or without dots and dash; repeated digits are not a CPF. */
export function isValidCpf(value: string): boolean {
  const text = digitsOf(value);
  if (!/^\d{11}$/.test(text) || /^(\d)\1{10}$/.test(text)) return false;
  const digits = [...text].map(Number);
  const first = checkDigit(digits.slice(0, 9));
  return first === digits[9] && checkDigit(digits.slice(0, 10)) === digits[10];
}

/** 000.000.000-00, from a valid CPF. */
export function formatCpf(value: string): string {
  return digitsOf(value).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}
