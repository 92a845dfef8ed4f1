import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The browser the worker launches: a system Chromium, or the one shipped inside an npm package. */
export interface BrowserExecutable {
  executablePath: string;
  /** The npm package's chrome-headless-shell (puppeteer's `headless: 'shell'`). */
  packaged: boolean;
  /** Extra environment for the browser process. */
  env?: Record<string, string>;
}

/** The npm package holding a brotli-compressed Chromium (README, "Running it"). */
export const PACKAGED_CHROMIUM = '@sparticuz/chromium';

const INSTALL = 'instale com `apt-get install -y chromium fonts-liberation` ou defina PUPPETEER_EXECUTABLE_PATH';

/**
 * Why PDFs cannot be made, in pt-BR with the fix: a configured path that does not exist, or no
 * system Chromium and no packaged one. The worker boots anyway (other jobs need no browser).
 */
export function chromiumProblem(
  executablePath: string | undefined,
  exists = existsSync,
  packagedInstalled = false,
): string | undefined {
  if (!executablePath) {
    return packagedInstalled ? undefined : `Chromium não encontrado em /usr/bin/chromium: ${INSTALL}.`;
  }
  if (!exists(executablePath))
    return `Chromium não encontrado em ${executablePath} (PUPPETEER_EXECUTABLE_PATH): ${INSTALL}.`;
  return undefined;
}

/** True when the packaged Chromium's npm package is installed (a development install has it; the image not). */
export function packagedChromiumInstalled(): boolean {
  try {
    // The package exports only its entry point (package.json is not resolvable).
    require.resolve(PACKAGED_CHROMIUM);
    return true;
  } catch {
    return false;
  }
}

/**
 * The package decompresses its Chromium into the temp directory once (about 4 s) and reuses it.
 * The fonts it ships (Open Sans, with every Portuguese accent) are used only where the system has
 * no fontconfig of its own, which otherwise supplies the fonts the documents name.
 */
export async function inflatePackagedChromium(): Promise<BrowserExecutable> {
  // A real ESM import (the package is ESM-only); TypeScript keeps it with module "nodenext".
  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  const env = existsSync('/etc/fonts/fonts.conf') ? undefined : { FONTCONFIG_PATH: join(tmpdir(), 'fonts') };
  return { executablePath, packaged: true, env };
}

/**
 * Removes the decompressed binary, so the next inflation writes it again: a worker killed while
 * decompressing leaves a truncated file that the package would otherwise reuse forever.
 */
export async function discardInflatedChromium(browser: BrowserExecutable): Promise<void> {
  if (browser.packaged) await rm(browser.executablePath, { force: true });
}
