import { csvCell, csvLine } from './csv-format';

describe('CSV for pt-BR Excel', () => {
  it('quotes fields with the separator, quotes or line breaks (RFC 4180) and leaves the rest alone', () => {
    expect(csvCell('simples')).toBe('simples');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "olá"')).toBe('"diz ""olá"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell(null)).toBe('');
  });

  it('turns formula-looking cells into text with a leading apostrophe', () => {
    expect(['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+55",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
    ]);
  });

  it('joins cells with ; and ends lines with CRLF', () => {
    expect(csvLine(['a', 'b;c', null])).toBe('a;"b;c";\r\n');
  });
});
