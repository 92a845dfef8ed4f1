/**
 * Username suggested from a full name (docs/accounts.md#validation "Add user"): accents removed, lower-cased; a
 * single word as it is, otherwise first word, a dot, last word ('nome.sobrenome').
 */
export function suggestUsername(fullName: string): string {
  const words = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0];
  return `${words[0]}.${words[words.length - 1]}`;
}
