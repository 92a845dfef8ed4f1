import PizZip from 'pizzip';
import { docxWithBigDocument, docxWithMacro } from '#test/factories/docx-bombs';
import { minimalDocx } from '#test/factories/template-render';
import { docxValues, fillDocx, TemplateDocxError } from './docx-fill';

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();

describe('fillDocx', () => {
  it('fills {{tags}}, turns line breaks into <w:br/> and empties unknown tags', async () => {
    const base = minimalDocx(['Nº {{numero}} — {{titulo}}', '{{conteudo}}', 'Sem valor: [{{desconhecido}}]']);
    const xml = documentXml(
      await fillDocx(base, { numero: 'DOC-1', titulo: 'Ofício & cia <x>', conteudo: 'Linha 1\nLinha 2' }),
    );
    expect(xml).toContain('Nº DOC-1 — Ofício &amp; cia &lt;x&gt;');
    expect(xml).toMatch(/Linha 1<\/w:t><\/w:r><w:r><w:br\/><\/w:r><w:r><w:t[^>]*>Linha 2/);
    expect(xml).toContain('Sem valor: []');
    expect(xml).not.toContain('{{');
  });

  it('refuses a file that is not a DOCX, and broken tags, with a pt-BR reason', async () => {
    await expect(fillDocx(Buffer.from('não é um zip'), {})).rejects.toThrow(TemplateDocxError);
    await expect(fillDocx(Buffer.from('não é um zip'), {})).rejects.toThrow(
      'O documento base (DOCX) do template não pôde ser preenchido: o arquivo não é um DOCX válido.',
    );
    await expect(fillDocx(minimalDocx(['Nº {{numero']), {})).rejects.toThrow(
      'O documento base (DOCX) do template não pôde ser preenchido: marcadores {{…}} malformados: "{{numero".',
    );
  });

  it("refuses a zip bomb already in storage before inflating it (the probe's 300 KB → 300 MB)", async () => {
    const bomb = await docxWithBigDocument(300 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    await expect(fillDocx(bomb, { numero: 'N' })).rejects.toThrow(
      /^O documento base \(DOCX\) do template não pôde ser preenchido: descompactado, o arquivo passa de 100 MB/,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
    await expect(fillDocx(await docxWithMacro(), {})).rejects.toThrow(/documentos com macros não são aceitos/);
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
