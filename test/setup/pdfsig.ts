import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** poppler's pdfsig report, one block per signature (it exits non-zero for our untrusted test CA: kept either way). */
export async function pdfsig(file: string): Promise<string[]> {
  const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return stdout.split(/^Signature #\d+:/m).slice(1);
}

/** Every block is a valid PAdES (ETSI.CAdES.detached) signature, by the signers named, in order. */
export function expectValidPades(blocks: string[], commonNames: RegExp[]): void {
  expect(blocks).toHaveLength(commonNames.length);
  blocks.forEach((block, index) => {
    expect(block).toContain('Signature Validation: Signature is Valid.');
    expect(block).toContain('Signature Type: ETSI.CAdES.detached');
    expect(block).toMatch(commonNames[index]);
  });
}
