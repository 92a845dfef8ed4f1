import { asciiFallbackName, extensionOf, generateStoredName, isStoredName, sanitizeOriginalName } from './file-names';

describe('sanitizeOriginalName', () => {
  it.each([
    ['../x', 'x'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\win.ini', 'win.ini'],
    ['C:\\Users\\ana\\Ofício nº 12.pdf', 'Ofício nº 12.pdf'],
    ['relatório\u0000.txt', 'relatório.txt'],
    ['linha\r\nquebrada.txt', 'linhaquebrada.txt'],
    ['fdp\u202Eexe.pdf', 'fdpexe.pdf'],
    ['  espaços.txt  ', 'espaços.txt'],
    ['..', 'arquivo'],
    ['pasta/', 'arquivo'],
    ['', 'arquivo'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeOriginalName(input)).toBe(expected);
  });

  it('composes decomposed accents (macOS names) to NFC', () => {
    expect(sanitizeOriginalName('Ofi\u0301cio.pdf')).toBe('Ofício.pdf');
  });

  it('bounds long names to 255 characters and keeps the extension', () => {
    const name = sanitizeOriginalName(`${'ç'.repeat(400)}.docx`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('ç.docx')).toBe(true);
  });

  it('never splits a character outside the BMP', () => {
    const name = sanitizeOriginalName('📄'.repeat(300));
    expect(Array.from(name)).toHaveLength(255);
    expect(name).toBe('📄'.repeat(255));
  });
});

describe('stored names', () => {
  it('accepts only generated names', () => {
    const generated = generateStoredName('pdf');
    expect(isStoredName(generated)).toBe(true);
    for (const bad of ['../x', '..%2Fx', `${generated}/..`, `../${generated}`, 'passwd', `${generated.slice(0, -4)}`]) {
      expect(isStoredName(bad)).toBe(false);
    }
  });

  it('reads extensions in lower case', () => {
    expect(extensionOf('A.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('sem-extensao')).toBe('');
  });
});

describe('asciiFallbackName', () => {
  it('drops accents and replaces what ASCII cannot say', () => {
    expect(asciiFallbackName('Ofício nº 12 — ação.pdf')).toBe('Oficio no 12 _ acao.pdf');
    expect(asciiFallbackName('"aspas".txt')).toBe('_aspas_.txt');
    expect(asciiFallbackName('文件')).toBe('__');
  });
});
