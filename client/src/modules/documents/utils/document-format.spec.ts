import { processHref, statusBadgeLabel, viewerKind } from './document-format';

describe('document display rules', () => {
  it('picks the viewer by extension: pdf and images inline, text types as text, office and others download', () => {
    expect(viewerKind('PDF')).toBe('pdf');
    expect(['jpg', 'jpeg', 'png', 'gif'].map(viewerKind)).toEqual(['image', 'image', 'image', 'image']);
    expect(['txt', 'md', 'html', 'htm', 'xml', 'json', 'js', 'css'].every((e) => viewerKind(e) === 'text')).toBe(true);
    expect(
      ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'webp'].every((e) => viewerKind(e) === 'download'),
    ).toBe(true);
  });

  it('shows no badge for drafts and the pt-BR label otherwise', () => {
    expect(statusBadgeLabel('draft')).toBeNull();
    expect(['submitted', 'approved', 'rejected', 'signed'].map((s) => statusBadgeLabel(s as never))).toEqual([
      'Enviado',
      'Aprovado',
      'Rejeitado',
      'Assinado',
    ]);
  });

  it('links to the process under the fixed base path, encoding the NUP slash', () => {
    expect(processHref('10001.000123/2026-45')).toBe('/semgi/process-details/10001.000123%2F2026-45');
  });
});
