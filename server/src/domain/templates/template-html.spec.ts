import { expectHarmless, XSS_IMAGE, XSS_PAYLOADS } from '#test/factories/xss-payloads';
import { htmlToPlainText } from './html-to-text';
import { hasVisibleContent, sanitizeTemplateHtml, uploadedImageName } from './template-html';

const IMG = XSS_IMAGE;

describe('sanitizeTemplateHtml', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    expectHarmless(sanitizeTemplateHtml(payload));
    expectHarmless(sanitizeTemplateHtml(`<p>antes</p>${payload}<p>depois</p>`));
  });

  it('keeps the catalogue at 15 payloads or more', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(15);
  });

  it('keeps what the editor writes: headings, lists, marks, quotes, rules, alignment', () => {
    const html =
      '<h1 style="text-align:center">Ofício nº {{numero}}</h1><h3>Assunto</h3>' +
      '<p style="text-align:justify"><strong>Negrito</strong> <em>itálico</em> <u>sublinhado</u> <s>riscado</s> <b>b</b> <i>i</i></p>' +
      '<ul><li><p>um</p></li></ul><ol start="3"><li><p>três</p></li></ol>' +
      '<blockquote><p>citação</p></blockquote><hr /><p>linha<br />quebrada</p><pre><code>código</code></pre>';
    expect(sanitizeTemplateHtml(html)).toBe(html);
  });

  it('keeps tables as TipTap writes them', () => {
    const html =
      '<table style="min-width: 75px"><colgroup><col style="width: 120px" /><col style="min-width: 25px" /></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1" colwidth="120"><p>Item</p></th><th colspan="2" rowspan="1"><p>Qtd</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1" style="text-align: right"><p>1</p></td></tr></tbody></table>';
    const out = sanitizeTemplateHtml(html);
    expect(out).toContain('<table style="min-width:75px">');
    expect(out).toContain('<col style="width:120px" />');
    expect(out).toContain('<th colspan="1" rowspan="1" colwidth="120"><p>Item</p></th>');
    expect(out).toContain('<td colspan="1" rowspan="1" style="text-align:right"><p>1</p></td>');
  });

  it('keeps our uploaded images with size and alignment, in the one stored src form', () => {
    for (const src of [
      `/uploads/${IMG}`,
      `/api/uploads/${IMG}`,
      `http://localhost:3005/api/uploads/${IMG}?token=eyJhbGciOi`,
      `https://prefeitura.example/api/uploads/${IMG}#x`,
    ]) {
      const out = sanitizeTemplateHtml(
        `<img src="${src}" alt="Brasão" width="50%" data-align="center" style="width: 50%; display: block; margin-left: auto; margin-right: auto">`,
      );
      expect(out).toBe(
        `<img alt="Brasão" data-align="center" style="width:50%;display:block;margin-left:auto;margin-right:auto" src="/uploads/${IMG}" width="50%" />`,
      );
    }
  });

  it('drops images that are not ours or not images, and styles beyond the allow-list', () => {
    expect(sanitizeTemplateHtml('<img src="/uploads/../../etc/passwd">')).toBe('');
    expect(sanitizeTemplateHtml('<img src="/uploads/3f2c1b0a-1234-4abc-8def-0123456789ab.pdf">')).toBe('');
    expect(sanitizeTemplateHtml('<img>')).toBe('');
    expect(sanitizeTemplateHtml('<p style="color: red; font-size: 90px; text-align: center">x</p>')).toBe(
      '<p style="text-align:center">x</p>',
    );
    expect(sanitizeTemplateHtml(`<img src="/uploads/${IMG}" style="width: 500%; position: absolute">`)).toBe(
      `<img src="/uploads/${IMG}" />`,
    );
  });

  it('keeps safe links and makes them open without the opener', () => {
    expect(sanitizeTemplateHtml('<a href="https://www.gov.br">gov</a> <a href="mailto:a@b.br">mail</a>')).toBe(
      '<a href="https://www.gov.br" target="_blank" rel="noopener noreferrer nofollow">gov</a> ' +
        '<a href="mailto:a@b.br" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
  });
});

describe('uploadedImageName', () => {
  it('reads the stored name of our images only', () => {
    expect(uploadedImageName(`/uploads/${IMG}`)).toBe(IMG);
    expect(uploadedImageName(`/api/uploads/${IMG.toUpperCase()}`)).toBe(IMG);
    expect(uploadedImageName('/uploads/3f2c1b0a-1234-4abc-8def-0123456789ab.docx')).toBeNull();
    expect(uploadedImageName('https://evil.example/x.png')).toBeNull();
    expect(uploadedImageName(`/uploads/${IMG}/../x`)).toBeNull();
  });
});

describe('htmlToPlainText and hasVisibleContent', () => {
  it('turns blocks into lines and decodes entities', () => {
    expect(htmlToPlainText('<h1>Título</h1><p>A &amp; B &lt;C&gt;&nbsp;D&#233;</p><p>um<br>dois</p>')).toBe(
      'Título\nA & B <C> Dé\num\ndois',
    );
  });

  it('tells empty editor output from real content', () => {
    expect(hasVisibleContent('<p></p>')).toBe(false);
    expect(hasVisibleContent('<p>  </p><p><br></p>')).toBe(false);
    expect(hasVisibleContent('<hr>')).toBe(true);
    expect(hasVisibleContent('<p>x</p>')).toBe(true);
  });
});
