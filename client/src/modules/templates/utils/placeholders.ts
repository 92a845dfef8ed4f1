import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@contracts';

/** What each placeholder becomes when the document is created (server/src/contracts/templates.ts). */
export const PLACEHOLDER_MEANINGS: Record<TemplatePlaceholder, string> = {
  data: 'data de criação (dd/mm/aaaa)',
  numero: 'número de protocolo do documento',
  departamento: 'seu departamento',
  usuario: 'seu nome',
  titulo: 'título do documento',
};

export interface PlaceholderHint {
  token: string;
  meaning: string;
  /** Whether the content uses it. */
  used: boolean;
}

/** The placeholders filled at creation, each marked when `content` uses it (`{{ data }}` counts too). */
export function placeholderHints(content: string): PlaceholderHint[] {
  const used = new Set(Array.from(content.matchAll(/\{\{\s*([a-z]+)\s*\}\}/gi), (match) => match[1].toLowerCase()));
  return TEMPLATE_PLACEHOLDERS.map((name) => ({
    token: `{{${name}}}`,
    meaning: PLACEHOLDER_MEANINGS[name],
    used: used.has(name),
  }));
}
