import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { extensionOf } from './file-names';

export type FileCategory = 'pdf' | 'image' | 'office' | 'text';

/** A type accepted for storage. `ext` becomes the stored name's extension. */
export interface AllowedFileType {
  ext: string;
  mime: string;
  category: FileCategory;
}

/** What magic-byte sniffing (file-type) reported, if anything. */
export interface SniffedType {
  ext: string;
  mime: string;
}

const type = (ext: string, mime: string, category: FileCategory): AllowedFileType => ({ ext, mime, category });
const byExt = (types: AllowedFileType[]) => new Map(types.map((t) => [t.ext, t]));

/** Types recognised directly by their content. */
const SNIFFED = byExt([
  type('pdf', 'application/pdf', 'pdf'),
  type('png', 'image/png', 'image'),
  type('jpg', 'image/jpeg', 'image'),
  type('gif', 'image/gif', 'image'),
  type('webp', 'image/webp', 'image'),
  type('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'office'),
  type('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'office'),
  type('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'office'),
  type('odt', 'application/vnd.oasis.opendocument.text', 'office'),
  type('ods', 'application/vnd.oasis.opendocument.spreadsheet', 'office'),
]);

/** Containers whose content alone does not tell the format: the client's extension picks among these. */
const ZIP_OFFICE = byExt(['docx', 'xlsx', 'pptx', 'odt', 'ods'].map((ext) => SNIFFED.get(ext)!));
const CFB_OFFICE = byExt([
  type('doc', 'application/msword', 'office'),
  type('xls', 'application/vnd.ms-excel', 'office'),
  type('ppt', 'application/vnd.ms-powerpoint', 'office'),
]);

/** Text formats have no magic bytes: accepted by extension when the bytes are clean UTF-8. */
const TEXT = byExt([
  type('txt', 'text/plain', 'text'),
  type('md', 'text/markdown', 'text'),
  type('csv', 'text/csv', 'text'),
  type('json', 'application/json', 'text'),
  type('xml', 'application/xml', 'text'),
  type('html', 'text/html', 'text'),
  type('htm', 'text/html', 'text'),
  type('css', 'text/css', 'text'),
  type('js', 'text/javascript', 'text'),
]);

const ALL = new Map([...SNIFFED, ...CFB_OFFICE, ...TEXT]);

/** Category of a stored file, from its stored name's (generated) extension. */
export function categoryOf(storedName: string): FileCategory | undefined {
  return ALL.get(extensionOf(storedName))?.category;
}

/** True when the bytes are valid UTF-8 with no NUL, i.e. plausibly a text file. */
export function isCleanUtf8(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** An allowed type, or a text type still subject to the clean-text check of its whole content. */
type Candidate = { type: AllowedFileType; text: boolean } | null;

/** The allow-list decision that needs only the sniffed type and the client's extension. */
function candidateType(originalName: string, sniffed: SniffedType | undefined): Candidate {
  const claimed = extensionOf(originalName);
  const known = (type: AllowedFileType | undefined) => (type ? { type, text: false } : null);
  if (sniffed && SNIFFED.has(sniffed.ext)) return known(SNIFFED.get(sniffed.ext));
  if (sniffed?.ext === 'zip') return known(ZIP_OFFICE.get(claimed));
  if (sniffed?.ext === 'cfb') return known(CFB_OFFICE.get(claimed));
  // file-type recognises a few text formats (XML, iCalendar…): they follow the text rule.
  const textual = !sniffed || sniffed.ext === 'xml' || sniffed.mime.startsWith('text/');
  const text = TEXT.get(claimed);
  return textual && text ? { type: text, text: true } : null;
}

/** Clean UTF-8 that does not start with "#!" (an executable script). */
const isPlainText = (bytes: Uint8Array) => isCleanUtf8(bytes) && !(bytes[0] === 0x23 && bytes[1] === 0x21);

/**
 * The allow-list decision, given the sniffed type (pure; see detectFileType). Returns null to
 * refuse: executables and anything unknown, a zip or OLE container whose extension is not an
 * office one (macro-enabled docm/xlsm/pptm are sniffed as such and refused), and "text" that is
 * binary, not UTF-8, or a script with an interpreter line.
 */
export function decideFileType(
  bytes: Uint8Array,
  originalName: string,
  sniffed: SniffedType | undefined,
): AllowedFileType | null {
  const candidate = candidateType(originalName, sniffed);
  if (!candidate) return null;
  return !candidate.text || isPlainText(bytes) ? candidate.type : null;
}

/** Detects the real type by content and applies the allow-list. */
export async function detectFileType(bytes: Uint8Array, originalName: string): Promise<AllowedFileType | null> {
  const sniffed = await fileTypeFromBuffer(bytes);
  return decideFileType(bytes, originalName, sniffed);
}

/** detectFileType for a file on disk: reads only its first bytes, and streams a text candidate. */
export async function detectFileTypeOfFile(path: string, originalName: string): Promise<AllowedFileType | null> {
  const candidate = candidateType(originalName, await fileTypeFromFile(path));
  if (!candidate) return null;
  return !candidate.text || (await isPlainTextFile(path)) ? candidate.type : null;
}

/** isPlainText over a file, chunk by chunk (a character split across chunks is decoded whole). */
async function isPlainTextFile(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (first && chunk[0] === 0x23 && chunk[1] === 0x21) return false;
      first = false;
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}
