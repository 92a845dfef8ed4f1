import type { TemplateView } from '@contracts';
import { creatorName, filterTemplates, NO_TEMPLATE_FILTERS, organizationBadge } from './template-filters';

function template(id: string, patch: Partial<TemplateView>): TemplateView {
  return {
    id,
    title: id,
    content: '',
    type: 'document',
    category: 'general',
    createdBy: null,
    ...patch,
  } as TemplateView;
}

const OFICIO = template('oficio', {
  title: 'Ofício Padrão',
  content: '<p>Encaminhamos a <strong>Requisição</strong> n.º {{numero}}</p>',
  category: 'office',
});
const MEMO = template('memo', { title: 'Memorando interno', content: '<p>Ao setor de compras</p>', category: 'memo' });
const HEADER = template('header', { title: 'Cabeçalho', type: 'header', content: '<p>Prefeitura &amp; Câmara</p>' });
const ALL = [OFICIO, MEMO, HEADER];
const ids = (list: TemplateView[]) => list.map((t) => t.id);

describe('filterTemplates (docs/templates.md#validation)', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterTemplates(ALL, NO_TEMPLATE_FILTERS))).toEqual(['oficio', 'memo', 'header']);
  });

  it('matches type and category exactly', () => {
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, type: 'header' }))).toEqual(['header']);
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, category: 'memo' }))).toEqual(['memo']);
    expect(ids(filterTemplates(ALL, { type: 'header', category: 'memo', search: '' }))).toEqual([]);
  });

  it('searches title or content text, ignoring case and HTML tags', () => {
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, search: 'MEMORANDO' }))).toEqual(['memo']);
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, search: 'a requisição' }))).toEqual(['oficio']);
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, search: 'prefeitura & câmara' }))).toEqual(['header']);
    // Tag names and attributes are not text.
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, search: 'strong' }))).toEqual([]);
    expect(ids(filterTemplates(ALL, { ...NO_TEMPLATE_FILTERS, search: '  {{numero}} ' }))).toEqual(['oficio']);
  });
});

describe('card labels', () => {
  it('cuts the organisation badge to 20 characters', () => {
    expect(organizationBadge('Prefeitura Municipal de São José')).toBe('Prefeitura Municipal...');
    expect(organizationBadge('Prefeitura de Itu')).toBe('Prefeitura de Itu');
    expect(organizationBadge('12345678901234567890')).toBe('12345678901234567890');
    expect(organizationBadge('   ')).toBeNull();
  });

  it("names the creator, or 'Usuário' when the account is gone", () => {
    expect(creatorName({ createdBy: { id: '1', name: 'Ana Silva' } })).toBe('Ana Silva');
    expect(creatorName({ createdBy: null })).toBe('Usuário');
  });
});
