import { placeholderHints } from './placeholders';

describe('placeholderHints', () => {
  it('lists every placeholder filled at creation, marking those the content uses', () => {
    const hints = placeholderHints('<p>Em {{data}}, o {{ usuario }} do {{DEPARTAMENTO}} escreve {{outro}}.</p>');
    expect(hints.map((h) => h.token)).toEqual([
      '{{data}}',
      '{{numero}}',
      '{{departamento}}',
      '{{usuario}}',
      '{{titulo}}',
    ]);
    expect(hints.filter((h) => h.used).map((h) => h.token)).toEqual(['{{data}}', '{{departamento}}', '{{usuario}}']);
    expect(hints.every((h) => h.meaning.length > 0)).toBe(true);
  });

  it('marks nothing in content without placeholders', () => {
    expect(placeholderHints('<p>{numero} {{ }}</p>').some((h) => h.used)).toBe(false);
  });
});
