import { htmlToPlainText } from './html-to-text';

describe('htmlToPlainText', () => {
  it('puts each block on its own line, tabs between cells, bullets for items, entities decoded', () => {
    expect(
      htmlToPlainText(
        '<h1>Título</h1><p style="text-align: center">A &amp; B &lt;c&gt; &#233; &#x00e7;&nbsp;</p>' +
          '<p>linha<br>quebrada</p><ul><li>um</li><li><strong>dois</strong></li></ul>' +
          '<table><tr><th>Item</th><th>Qtd</th></tr><tr><td>Papel</td><td>2</td></tr></table><p></p><p></p><p></p><p>Fim</p>',
      ),
    ).toBe('Título\nA & B <c> é ç\nlinha\nquebrada\n• um\n• dois\nItem\tQtd\nPapel\t2\n\nFim');
  });

  it('leaves unknown entities and drops scripts and styles', () => {
    expect(htmlToPlainText('<p>&foo; x</p><script>alert(1)</script><style>p{}</style>')).toBe('&foo; x');
  });
});
