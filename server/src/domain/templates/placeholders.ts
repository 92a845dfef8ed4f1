import { type PlaceholderValues, TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '#server/contracts/templates';

const PLACEHOLDER = /\{\{\s*([a-z]+)\s*\}\}/gi;
const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** dd/mm/aaaa of `date` in `timeZone` (the server's TIME_ZONE). */
export function placeholderDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/**
 * Replaces `{{data}}`, `{{numero}}`… (spaces inside the braces and any case allowed) by their
 * values, HTML-escaped; unknown `{{…}}` stay as written.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  return html.replace(PLACEHOLDER, (whole, key: string) => {
    const name = key.toLowerCase();
    return KNOWN.has(name) ? escapeHtml(values[name as TemplatePlaceholder]) : whole;
  });
}
