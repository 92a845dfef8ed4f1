import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * What a DOCX base may inflate to (README › Templates: uploads). A real letterhead with a few images
 * stays far below; a zip bomb (300 KB inflating to 300 MB) is refused before anything holds it.
 */
export const DOCX_LIMITS = {
  maxEntries: 1000,
  maxEntryBytes: 25 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  /** Inflated / compressed size, of the package and of each entry above `ratioFloorBytes`. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

const MIB = 1024 * 1024;

/** Why a file is not an acceptable DOCX base: the pt-BR reason ends the refusal message. */
export class DocxPackageError extends Error {
  override readonly name = 'DocxPackageError';
  /** Not a Word package at all (rather than a Word package refused for what it holds). */
  readonly notDocx: boolean;

  constructor(reason: string) {
    super(reason);
    this.notDocx = reason === NOT_A_DOCX;
  }
}

export const NOT_A_DOCX = 'o arquivo não é um DOCX válido.';

const fromBuffer = promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer);
const openPath = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

/** Macros travel as a VBA project part; a macro-enabled main part is declared in [Content_Types].xml. */
const MACRO_PART = /(^|\/)vba(Project\.bin|Data\.xml)$/i;
const MACRO_CONTENT_TYPE = /macroEnabled|vbaProject/i;
/** A DOCTYPE in a part is how XXE and entity expansion start; Word never writes one. */
const DOCTYPE = /<!DOCTYPE/i;

/**
 * Checks a DOCX package by its content, never its declared type, without trusting its headers:
 * the entry count, each entry's and the total inflated size and the compression ratio are checked
 * from the central directory, then every entry is inflated as a stream that yauzl stops when it
 * yields more than its header declared, so a lying header cannot get past the limits either.
 * Refuses macros (a VBA project or a macro-enabled content type) and XML parts with a DOCTYPE, and
 * requires `word/document.xml`. Throws DocxPackageError with a pt-BR reason.
 */
export async function assertDocxPackage(source: string | Buffer): Promise<void> {
  const options: yauzl.Options = { lazyEntries: true, validateEntrySizes: true, autoClose: true };
  let zip: ZipFile;
  try {
    zip = typeof source === 'string' ? await openPath(source, options) : await fromBuffer(source, options);
  } catch {
    throw new DocxPackageError(NOT_A_DOCX);
  }
  try {
    await walk(zip);
  } finally {
    zip.close();
  }
}

async function walk(zip: ZipFile): Promise<void> {
  if (zip.entryCount > DOCX_LIMITS.maxEntries) {
    throw new DocxPackageError(`o arquivo tem mais de ${DOCX_LIMITS.maxEntries} partes internas.`);
  }
  const openStream = promisify<Entry, Readable>(zip.openReadStream.bind(zip));
  let total = 0;
  let compressed = 0;
  let hasDocument = false;
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    const name = entry.fileName;
    if (MACRO_PART.test(name)) throw new DocxPackageError('documentos com macros não são aceitos.');
    assertSizes(entry);
    total += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (total > DOCX_LIMITS.maxTotalBytes) throw tooLarge();
    if (total > DOCX_LIMITS.ratioFloorBytes && total / Math.max(compressed, 1) > DOCX_LIMITS.maxRatio) throw bomb();
    hasDocument ||= name === 'word/document.xml';
    if (name.endsWith('/')) continue;
    const text = await readPart(await openStream(entry), /\.(xml|rels)$/i.test(name));
    if (text === null) continue;
    if (DOCTYPE.test(text)) throw new DocxPackageError(`a parte "${name}" declara um DOCTYPE, que não é aceito.`);
    if (name === '[Content_Types].xml' && MACRO_CONTENT_TYPE.test(text)) {
      throw new DocxPackageError('documentos com macros não são aceitos.');
    }
  }
  if (!hasDocument) throw new DocxPackageError(NOT_A_DOCX);
}

function assertSizes(entry: Entry): void {
  if (entry.uncompressedSize > DOCX_LIMITS.maxEntryBytes) throw tooLarge();
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize > DOCX_LIMITS.ratioFloorBytes && ratio > DOCX_LIMITS.maxRatio) throw bomb();
}

const tooLarge = () =>
  new DocxPackageError(
    `descompactado, o arquivo passa de ${DOCX_LIMITS.maxTotalBytes / MIB} MB no total ou de ${DOCX_LIMITS.maxEntryBytes / MIB} MB numa parte.`,
  );
const bomb = () =>
  new DocxPackageError(`o arquivo se expande mais de ${DOCX_LIMITS.maxRatio} vezes ao ser descompactado.`);

const corrupt = () => new DocxPackageError('o arquivo está corrompido.');

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = () => (cleanup(), reject(corrupt()));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

/** Drains a part (yauzl enforces its declared size); XML parts come back as text to be inspected. */
async function readPart(stream: Readable, keep: boolean): Promise<string | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) if (keep) chunks.push(chunk as Buffer);
  } catch {
    // Among others, yauzl's refusal of a part that inflates beyond its declared size.
    throw corrupt();
  }
  return keep ? Buffer.concat(chunks).toString('utf8') : null;
}
