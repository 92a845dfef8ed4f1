import PizZip from 'pizzip';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { TEMPLATE_DEFAULT_FORMATTING, TEMPLATE_DEFAULT_ORGANIZATION } from '#server/contracts/templates';

/** A 2×2 PNG (red), small enough to read in a test. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/** `pages` sections of text, each ending in a page break but the last: a document of exactly that many pages. */
export function pagedContent(pages: number, marker = 'Seção'): string {
  return Array.from({ length: pages }, (_, i) => {
    const paragraphs = Array.from(
      { length: 4 },
      (_, j) => `<p>${marker} ${i + 1}, parágrafo ${j + 1}: texto do documento oficial da prefeitura.</p>`,
    ).join('');
    const breakAfter = i < pages - 1 ? ' style="break-after: page"' : '';
    return `<div${breakAfter}><h2>${marker} ${i + 1}</h2>${paragraphs}</div>`;
  }).join('');
}

export function templateRenderJob(overrides: Partial<TemplateRenderJob> = {}): TemplateRenderJob {
  return {
    documentId: '00000000-0000-4000-8000-000000000001',
    title: 'Ofício 12/2026',
    html: pagedContent(3),
    values: {
      data: '22/11/2026',
      numero: 'DOC-2026-000123',
      departamento: 'Secretaria de Administração',
      usuario: 'Maria da Silva',
      titulo: 'Ofício 12/2026',
    },
    documentFormat: 'html',
    formatting: TEMPLATE_DEFAULT_FORMATTING,
    organization: {
      ...TEMPLATE_DEFAULT_ORGANIZATION,
      name: 'Prefeitura Municipal de Exemplo',
      address: 'Praça da Matriz, 1 — Centro',
      phone: '(11) 3333-4444',
      email: 'gabinete@exemplo.sp.gov.br',
      website: 'www.exemplo.sp.gov.br',
    },
    baseDocument: null,
    ...overrides,
  };
}

/** A minimal DOCX (one paragraph per entry of `paragraphs`, raw WordprocessingML text allowed). */
export function minimalDocx(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
      .map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`)
      .join(
        '',
      )}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1134" w:bottom="1417" w:left="1701" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
