import {
  TEMPLATE_ORGANIZATION_BADGE_LENGTH,
  type TemplateCategory,
  type TemplateType,
  type TemplateView,
} from '@contracts';
import { htmlText } from './html-text';

export interface TemplateFilters {
  /** '' = every type. */
  type: TemplateType | '';
  /** '' = every category. */
  category: TemplateCategory | '';
  search: string;
}

export const NO_TEMPLATE_FILTERS: TemplateFilters = { type: '', category: '', search: '' };

/**
 * docs/templates.md#validation: the list filter runs in the browser; type and category match exactly, the search is a
 * case-insensitive substring of the title or of the content's text (tags and attributes are not text).
 */
export function filterTemplates(templates: readonly TemplateView[], filters: TemplateFilters): TemplateView[] {
  const needle = filters.search.trim().toLocaleLowerCase('pt-BR');
  return templates.filter(
    (template) =>
      (!filters.type || template.type === filters.type) &&
      (!filters.category || template.category === filters.category) &&
      (!needle ||
        template.title.toLocaleLowerCase('pt-BR').includes(needle) ||
        htmlText(template.content).toLocaleLowerCase('pt-BR').includes(needle)),
  );
}

/** The organisation badge of a card: the name cut to 20 characters (docs/templates.md#manager), or null without a name. */
export function organizationBadge(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  const chars = Array.from(trimmed);
  return chars.length > TEMPLATE_ORGANIZATION_BADGE_LENGTH
    ? `${chars.slice(0, TEMPLATE_ORGANIZATION_BADGE_LENGTH).join('')}...`
    : trimmed;
}

/** docs/templates.md#manager: the creator's name, 'Usuário' when the account is gone (README, Decisions › Templates). */
export function creatorName(template: Pick<TemplateView, 'createdBy'>): string {
  return template.createdBy?.name.trim() || 'Usuário';
}
