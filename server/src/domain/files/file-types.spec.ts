import ExcelJS from 'exceljs';
import { categoryOf, decideFileType, detectFileType } from './file-types';

/** A one-entry zip archive (stored, no compression): enough for content sniffing. */
function zip(name: string, data: string): Buffer {
  const n = Buffer.from(name);
  const d = Buffer.from(data);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(d.length, 18);
  header.writeUInt32LE(d.length, 22);
  header.writeUInt16LE(n.length, 26);
  return Buffer.concat([header, n, d]);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVR4nGP4z8DwnwGM/zMwAAAf7gP9NRsAMwAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
const ZIP = zip('a.txt', 'olá');
const DOCM = zip(
  '[Content_Types].xml',
  '<Types><Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
);

describe('detectFileType', () => {
  it('takes the type of binary formats from their content, whatever the name says', async () => {
    expect(await detectFileType(PNG, 'foto.png')).toMatchObject({ ext: 'png', mime: 'image/png', category: 'image' });
    expect(await detectFileType(PNG, 'foto.pdf')).toMatchObject({ ext: 'png' });
    expect(await detectFileType(PDF, 'oficio')).toMatchObject({ ext: 'pdf', mime: 'application/pdf' });
  });

  it('recognises a real xlsx by its content', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Planilha').addRow(['Orçamento', 10]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await detectFileType(bytes, 'planilha.bin')).toMatchObject({ ext: 'xlsx', category: 'office' });
  });

  it('refuses executables, also when renamed to an allowed extension', async () => {
    expect(await detectFileType(EXE, 'contrato.pdf')).toBeNull();
    expect(await detectFileType(EXE, 'leia.txt')).toBeNull();
    expect(await detectFileType(ELF, 'planilha.xlsx')).toBeNull();
  });

  it('accepts a generic zip or OLE container only under a matching office extension', async () => {
    expect(await detectFileType(ZIP, 'relatorio.docx')).toMatchObject({ ext: 'docx', category: 'office' });
    expect(await detectFileType(ZIP, 'relatorio.zip')).toBeNull();
    expect(await detectFileType(ZIP, 'relatorio.doc')).toBeNull();
    expect(await detectFileType(CFB, 'antigo.xls')).toMatchObject({ ext: 'xls', mime: 'application/vnd.ms-excel' });
    expect(await detectFileType(CFB, 'antigo.docx')).toBeNull();
    expect(await detectFileType(CFB, 'instalador.msi')).toBeNull();
  });

  it('refuses macro-enabled office files even under an allowed extension', async () => {
    expect(await detectFileType(DOCM, 'oficio.docx')).toBeNull();
  });

  it('accepts text types by extension only when the bytes are clean UTF-8', async () => {
    const text = Buffer.from('Relatório de ação\n');
    expect(await detectFileType(text, 'nota.txt')).toMatchObject({ ext: 'txt', mime: 'text/plain' });
    expect(await detectFileType(text, 'nota.md')).toMatchObject({ ext: 'md', category: 'text' });
    expect(await detectFileType(Buffer.from('<?xml version="1.0"?><a/>'), 'dados.xml')).toMatchObject({ ext: 'xml' });
    expect(await detectFileType(Buffer.from('<p>oi</p>'), 'pagina.html')).toMatchObject({ ext: 'html' });
    expect(await detectFileType(text, 'nota.exe')).toBeNull();
    expect(await detectFileType(text, 'nota')).toBeNull();
    expect(await detectFileType(text, 'imagem.svg')).toBeNull();
    expect(await detectFileType(Buffer.from([0x61, 0x00, 0x62]), 'nul.txt')).toBeNull();
    expect(await detectFileType(Buffer.from('Relat\xf3rio', 'latin1'), 'latin1.txt')).toBeNull();
  });

  it('refuses scripts with an interpreter line', async () => {
    expect(await detectFileType(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'leia.txt')).toBeNull();
  });
});

describe('decideFileType', () => {
  it('refuses a sniffed type outside the allow-list', () => {
    expect(decideFileType(Buffer.from('x'), 'a.txt', { ext: 'mp4', mime: 'video/mp4' })).toBeNull();
  });

  it('treats sniffed text formats with the text rule', () => {
    expect(
      decideFileType(Buffer.from('BEGIN:VCALENDAR'), 'agenda.txt', { ext: 'ics', mime: 'text/calendar' }),
    ).toMatchObject({
      ext: 'txt',
    });
  });
});

describe('categoryOf', () => {
  it('reads the category from the stored name', () => {
    expect(categoryOf('0b1c6c4e-7f5e-4c1c-9d1a-1f2e3d4c5b6a.pdf')).toBe('pdf');
    expect(categoryOf('0b1c6c4e-7f5e-4c1c-9d1a-1f2e3d4c5b6a.htm')).toBe('text');
    expect(categoryOf('0b1c6c4e-7f5e-4c1c-9d1a-1f2e3d4c5b6a.doc')).toBe('office');
    expect(categoryOf('0b1c6c4e-7f5e-4c1c-9d1a-1f2e3d4c5b6a.exe')).toBeUndefined();
  });
});
