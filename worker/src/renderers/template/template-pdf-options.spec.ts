import { templateRenderJob } from '#test/factories/template-render';
import { letterheadTemplate, pageNumberTemplate, templatePdfOptions } from './template-pdf-options';
import { templatePageHtml } from './template-page.html';

const hostile = templateRenderJob({
  title: '</title><script>alert(1)</script>',
  organization: {
    ...templateRenderJob().organization,
    name: '<img src=x onerror=alert(1)>Prefeitura',
    address: '"><b>Rua</b>',
    phone: '',
    email: "a'@b.gov.br",
    website: '',
    colors: { primary: 'red;background:url(http://x/y)', secondary: '#0066CC', accent: 'expression(1)' },
    fonts: { title: "Arial'; } body { background: url(http://x/z) } x{", body: 'Comic Sans' },
  },
  formatting: {
    pageSize: 'Legal',
    margins: { top: 1.5, bottom: 2, left: 3, right: -1 },
    headerHeight: 2.5,
    footerHeight: Number.NaN,
  },
});

describe('template page and letterhead', () => {
  it('escapes organisation fields and the title as text', () => {
    const header = letterheadTemplate(hostile, null);
    expect(header).toContain('&lt;img src=x onerror=alert(1)&gt;Prefeitura');
    expect(header).toContain('&quot;&gt;&lt;b&gt;Rua&lt;/b&gt; · a&#39;@b.gov.br');
    expect(header).not.toMatch(/<img|<b>|<script/);
    expect(templatePageHtml(hostile, '<p>x</p>')).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
  });

  it('lets only hex colours and known fonts reach the styles, and the defaults otherwise', () => {
    const all = letterheadTemplate(hostile, null) + pageNumberTemplate(hostile) + templatePageHtml(hostile, '');
    expect(all).not.toMatch(/url\(|expression|Comic/);
    expect(all).toContain('color:#003366');
    expect(all).toContain('#0066CC');
    expect(all).toContain('background:#ff6600');
    expect(all).toContain("font-family:'Times New Roman', 'Liberation Serif', serif");
    expect(all).toContain("font-family: Arial, 'Liberation Sans', Helvetica, sans-serif");
  });

  it('sizes the page exactly and puts the header and footer bands inside the top and bottom margins', () => {
    const page = templatePageHtml(hostile, '');
    // Invalid measures (negative, NaN) fall back to the defaults (right 2, footer 1.5).
    expect(page).toContain('@page { size: 21.59cm 35.56cm; margin: 4cm 2cm 3.5cm 3cm; }');
    expect(templatePdfOptions(hostile, null)).toMatchObject({
      width: '21.59cm',
      height: '35.56cm',
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      margin: { top: '4cm', bottom: '3.5cm', left: '3cm', right: '2cm' },
    });
    expect(letterheadTemplate(hostile, null)).toContain('padding:1.5cm 2cm 0 3cm');
    expect(pageNumberTemplate(hostile)).toContain('height:3.5cm');
    expect(pageNumberTemplate(hostile)).toContain(
      'Página <span class="pageNumber"></span> de <span class="totalPages"></span>',
    );
  });

  it('shows the logo only as the data: URL it was given, and no letterhead when the organisation is empty', () => {
    const logo = 'data:image/png;base64,AAAA';
    expect(letterheadTemplate(hostile, logo)).toContain(`<img src="${logo}"`);
    const empty = templateRenderJob({
      organization: { ...templateRenderJob().organization, name: ' ', address: '', phone: '', email: '', website: '' },
    });
    expect(letterheadTemplate(empty, null)).not.toContain('border-bottom');
  });

  it('keeps the page self-contained: its CSP allows inline styles and data: images only', () => {
    expect(templatePageHtml(hostile, '')).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`,
    );
  });
});
