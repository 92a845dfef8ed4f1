import PizZip from 'pizzip';
import { minimalDocx } from '#test/factories/template-render';
import { docxValues, fillDocx, TemplateDocxError } from './docx-fill';

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();

describe('fillDocx', () => {
  it('fills {{tags}}, turns line breaks into <w:br/> and empties unknown tags', () => {
    const base = minimalDocx(['Nº {{numero}} — {{titulo}}', '{{conteudo}}', 'Sem valor: [{{desconhecido}}]']);
    const xml = documentXml(
      fillDocx(base, { numero: 'DOC-1', titulo: 'Ofício & cia <x>', conteudo: 'Linha 1\nLinha 2' }),
    );
    expect(xml).toContain('Nº DOC-1 — Ofício &amp; cia &lt;x&gt;');
    expect(xml).toMatch(/Linha 1<\/w:t><\/w:r><w:r><w:br\/><\/w:r><w:r><w:t[^>]*>Linha 2/);
    expect(xml).toContain('Sem valor: []');
    expect(xml).not.toContain('{{');
  });

  it('refuses a file that is not a DOCX, and broken tags, with a pt-BR reason', () => {
    expect(() => fillDocx(Buffer.from('não é um zip'), {})).toThrow(TemplateDocxError);
    expect(() => fillDocx(Buffer.from('não é um zip'), {})).toThrow(/não pôde ser preenchido/);
    expect(() => fillDocx(minimalDocx(['{{numero']), {})).toThrow(TemplateDocxError);
  });

  it('fills conteudo with the content as text and titulo with the title', () => {
    expect(
      docxValues({
        title: 'Memorando',
        html: '<h2>Assunto</h2><p>Primeiro &amp; segundo</p><ul><li>a</li><li>b</li></ul>',
        values: { data: '01/02/2026', numero: 'N', departamento: 'D', usuario: 'U', titulo: 'ignorado' },
      }),
    ).toEqual({
      data: '01/02/2026',
      numero: 'N',
      departamento: 'D',
      usuario: 'U',
      titulo: 'Memorando',
      conteudo: 'Assunto\nPrimeiro & segundo\n• a\n• b',
    });
  });
});
