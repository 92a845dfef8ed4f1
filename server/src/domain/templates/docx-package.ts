import { readFile } from 'node:fs/promises';
import PizZip from 'pizzip';

/**
 * Whether the file is a Word document package: a zip that opens and holds `word/document.xml`
 * (the sniffed type alone accepts any zip named .docx). Reads the whole file: uploads are bounded
 * by MAX_UPLOAD_MB.
 */
export async function isDocxPackage(path: string): Promise<boolean> {
  try {
    const zip = new PizZip(await readFile(path));
    return zip.file('word/document.xml') !== null;
  } catch {
    return false;
  }
}
