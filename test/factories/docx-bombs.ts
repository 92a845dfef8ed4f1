import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import PizZip from 'pizzip';
import { minimalDocx } from './template-render';

/** A run of `bytes` copies of one character: inflated content that is never held in memory here. */
type Filler = { fill: string; bytes: number };
type ZipPart = { name: string; content: (Buffer | Filler)[]; declaredSize?: number };

const CHUNK = 1024 * 1024;

/** Deflates the content as a stream (a 300 MB filler costs the test no memory) and sums its CRC-32. */
async function deflate(content: (Buffer | Filler)[]): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  let size = 0;
  let crc = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await once(deflater, 'drain');
  };
  for (const piece of content) {
    if (Buffer.isBuffer(piece)) {
      await write(piece);
      continue;
    }
    const block = Buffer.alloc(CHUNK, piece.fill);
    for (let left = piece.bytes; left > 0; left -= CHUNK) await write(left >= CHUNK ? block : block.subarray(0, left));
  }
  deflater.end();
  await once(deflater, 'end');
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A zip written by hand (local headers, central directory, end record), so a test can make an
 * entry inflate to hundreds of MB, or declare a size that its data does not have.
 */
export async function buildZip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflate(part.content);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal Word document, to which a test adds or replaces entries. */
export function minimalDocxParts(paragraphs: string[] = ['Ofício {{numero}}']): ZipPart[] {
  const zip = new PizZip(minimalDocx(paragraphs));
  return Object.values(zip.files).map((file) => ({ name: file.name, content: [Buffer.from(file.asUint8Array())] }));
}

/**
 * A DOCX whose `word/document.xml` carries `bytes` of text in one paragraph: the probe's bomb is
 * `docxWithBigDocument(300 MB)`, about 300 KB on the wire.
 */
export function docxWithBigDocument(bytes: number, declaredSize?: number): Promise<Buffer> {
  const open =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
  const close = '</w:t></w:r></w:p></w:body></w:document>';
  return buildZip([
    ...minimalDocxParts().filter((part) => part.name !== 'word/document.xml'),
    {
      name: 'word/document.xml',
      content: [Buffer.from(open), { fill: 'A', bytes }, Buffer.from(close)],
      declaredSize,
    },
  ]);
}

/** A DOCX of `count` parts (the document plus tiny filler parts). */
export function docxWithParts(count: number): Promise<Buffer> {
  const parts = minimalDocxParts();
  const extra = Array.from({ length: count - parts.length }, (_, i) => ({
    name: `customXml/item${i}.xml`,
    content: [Buffer.from('<a/>')],
  }));
  return buildZip([...parts, ...extra]);
}

/** A DOCX carrying a VBA project, as Word saves a document with macros (whatever its name or type says). */
export function docxWithMacro(): Promise<Buffer> {
  return buildZip([
    ...minimalDocxParts(),
    { name: 'word/vbaProject.bin', content: [Buffer.from('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 VBA', 'latin1')] },
  ]);
}

/** A DOCX whose main part declares a DOCTYPE with an external entity (XXE). */
export function docxWithDoctype(): Promise<Buffer> {
  const xml =
    '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>';
  return buildZip([
    ...minimalDocxParts().filter((part) => part.name !== 'word/document.xml'),
    { name: 'word/document.xml', content: [Buffer.from(xml)] },
  ]);
}
