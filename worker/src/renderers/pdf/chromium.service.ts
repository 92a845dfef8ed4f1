import { existsSync } from 'node:fs';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import puppeteer, { type Browser, type PDFOptions } from 'puppeteer-core';
import { loadEnv } from '#server/config/env';

/** Chromium flags for a headless server without a sandbox-capable kernel setup or a GPU. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Why PDFs cannot be made with this Chromium path, in pt-BR with the fix, or undefined when the
 * executable is there. The worker boots anyway (other jobs need no browser); PDF jobs fail with it.
 */
export function chromiumProblem(executablePath: string | undefined, exists = existsSync): string | undefined {
  const install = 'instale com `apt-get install -y chromium fonts-liberation` ou defina PUPPETEER_EXECUTABLE_PATH';
  if (!executablePath) return `Chromium não encontrado em /usr/bin/chromium: ${install}.`;
  if (!exists(executablePath))
    return `Chromium não encontrado em ${executablePath} (PUPPETEER_EXECUTABLE_PATH): ${install}.`;
  return undefined;
}

/**
 * One headless Chromium shared by the worker's PDF renderers, started on first use and restarted
 * if it dies. Each render gets its own page with JavaScript and network disabled: the HTML is
 * ours, but it embeds user text.
 */
@Injectable()
export class ChromiumService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Chromium');
  private browser: Promise<Browser> | undefined;

  /** Says at boot, not at the first PDF, when the browser is missing. */
  onApplicationBootstrap(): void {
    const problem = chromiumProblem(loadEnv().PUPPETEER_EXECUTABLE_PATH);
    if (problem) this.logger.warn(`${problem} Os PDFs falharão até lá; as demais tarefas funcionam.`);
  }

  async htmlToPdf(html: string, options: PDFOptions): Promise<Buffer> {
    const browser = await this.launch();
    const page = await browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().startsWith('data:')) void request.continue();
        else void request.abort();
      });
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      return Buffer.from(await page.pdf({ printBackground: true, timeout: 60_000, ...options }));
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const executablePath = loadEnv().PUPPETEER_EXECUTABLE_PATH;
      const problem = chromiumProblem(executablePath);
      if (problem || !executablePath) return Promise.reject(new Error(problem));
      const started = puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
      this.browser = started;
      started.then(
        (browser) => browser.on('disconnected', () => (this.browser = undefined)),
        () => (this.browser = undefined),
      );
    }
    return this.browser;
  }
}
