import { fillPlaceholders, placeholderDate } from './placeholders';

const values = {
  data: '22/11/2026',
  numero: 'DOC-2026-12345',
  departamento: 'Obras & <Serviços>',
  usuario: 'Ana',
  titulo: 'Ofício',
};

describe('fillPlaceholders', () => {
  it('fills the known placeholders, HTML-escaped, whatever the spacing or case', () => {
    expect(
      fillPlaceholders('<p>{{numero}} — {{ data }} — {{Departamento}} — {{usuario}} — {{titulo}}</p>', values),
    ).toBe('<p>DOC-2026-12345 — 22/11/2026 — Obras &amp; &lt;Serviços&gt; — Ana — Ofício</p>');
  });

  it('leaves unknown placeholders as written', () => {
    expect(fillPlaceholders('{{conteudo}} {{xyz}} {numero}', values)).toBe('{{conteudo}} {{xyz}} {numero}');
  });
});

describe('placeholderDate', () => {
  it('writes dd/mm/aaaa in the given time zone', () => {
    const instant = new Date('2026-11-23T01:30:00Z');
    expect(placeholderDate(instant, 'America/Sao_Paulo')).toBe('22/11/2026');
    expect(placeholderDate(instant, 'UTC')).toBe('23/11/2026');
  });
});
