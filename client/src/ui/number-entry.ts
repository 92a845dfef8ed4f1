/**
 * How a typed number is read (README › Decisions › Numbers and dates): pt-BR only, '.' groups
 * thousands and ',' starts the decimals. An entry that another locale would read differently is
 * refused instead of guessed: a '.' that is not a thousands separator ('1250.50', '1.25') or more
 * decimals than the field keeps ('1,250' in a money field).
 */
export const AMBIGUOUS_NUMBER = 'Valor ambíguo: use vírgula para os decimais e ponto para os milhares (ex.: 1.250,50).';

const GROUPED = /^-?\d{1,3}(\.\d{3})+(,\d*)?$/;

export function isAmbiguousNumber(text: string, maxFractionDigits: number): boolean {
  const digits = text.replace(/[^\d.,-]/g, '');
  if (digits.includes('.') && !GROUPED.test(digits)) return true;
  const decimals = digits.split(',')[1];
  return decimals !== undefined && decimals.length > maxFractionDigits;
}

/** The decimals a field keeps, from its pt-BR format. */
export const fractionDigitsOf = (formatOptions?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat('pt-BR', formatOptions).resolvedOptions().maximumFractionDigits ?? 3;
