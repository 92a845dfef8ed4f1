import { randomBytes } from 'node:crypto';
import PizZip from 'pizzip';
import {
  buildZip,
  docxWithBigDocument,
  docxWithDoctype,
  docxWithMacro,
  docxWithParts,
  minimalDocxParts,
} from '#test/factories/docx-bombs';
import { minimalDocx } from '#test/factories/template-render';
import { assertDocxPackage, DOCX_LIMITS, DocxPackageError } from './docx-package';

const MB = 1024 * 1024;
const refusal = async (file: Buffer) => {
  try {
    await assertDocxPackage(file);
  } catch (error) {
    expect(error).toBeInstanceOf(DocxPackageError);
    return (error as Error).message;
  }
  return null;
};

describe('assertDocxPackage', () => {
  it('accepts a Word document, also one with a large but ordinary part', async () => {
    expect(await refusal(minimalDocx(['Ofício {{numero}}']))).toBeNull();
    // A 3 MB photo (incompressible) and 2 MB of XML at an ordinary ratio pass.
    const zip = new PizZip(minimalDocx(['x']));
    zip.file('word/media/foto.jpg', randomBytes(3 * MB));
    zip.file('word/styles.xml', `<w:styles>${randomBytes(MB).toString('hex')}</w:styles>`);
    expect(await refusal(zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }))).toBeNull();
  });

  it("refuses the probe's bomb (300 KB inflating to 300 MB) from its headers, without inflating it", async () => {
    const bomb = await docxWithBigDocument(300 * MB);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    expect(await refusal(bomb)).toMatch(/passa de 100 MB no total ou de 25 MB numa parte/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });

  it.each([
    ['a part of 20 MB from 20 KB (ratio 1000)', 20 * MB],
    ['a part of 2 MB from 2 KB (ratio 1000)', 2 * MB],
  ])('refuses %s: inside the size limits, but too high a compression ratio', async (_label, bytes) => {
    expect(await refusal(await docxWithBigDocument(bytes))).toBe(
      `o arquivo se expande mais de ${DOCX_LIMITS.maxRatio} vezes ao ser descompactado.`,
    );
  });

  it('refuses a part that inflates beyond the size its header declares (a lying header)', async () => {
    expect(await refusal(await docxWithBigDocument(300 * MB, 1000))).toBe('o arquivo está corrompido.');
  });

  it('refuses more parts than the limit', async () => {
    expect(await refusal(await docxWithParts(DOCX_LIMITS.maxEntries))).toBeNull();
    expect(await refusal(await docxWithParts(DOCX_LIMITS.maxEntries + 1))).toBe(
      `o arquivo tem mais de ${DOCX_LIMITS.maxEntries} partes internas.`,
    );
  });

  it('refuses macros by content: a VBA project part, or a macro-enabled content type', async () => {
    expect(await refusal(await docxWithMacro())).toBe('documentos com macros não são aceitos.');
    const macroTypes = minimalDocxParts().map((part) =>
      part.name === '[Content_Types].xml'
        ? {
            ...part,
            content: [
              Buffer.from(
                (part.content[0] as Buffer).toString().replace('document.main+xml', 'document.macroEnabled.main+xml'),
              ),
            ],
          }
        : part,
    );
    expect(await refusal(await buildZip(macroTypes))).toBe('documentos com macros não são aceitos.');
  });

  it('refuses a part declaring a DOCTYPE (XXE), a zip without word/document.xml and a non-zip', async () => {
    expect(await refusal(await docxWithDoctype())).toBe(
      'a parte "word/document.xml" declara um DOCTYPE, que não é aceito.',
    );
    expect(await refusal(await buildZip(minimalDocxParts().filter((p) => p.name !== 'word/document.xml')))).toBe(
      'o arquivo não é um DOCX válido.',
    );
    expect(await refusal(Buffer.from('não é um zip'))).toBe('o arquivo não é um DOCX válido.');
  });
});
