import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
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
 * One headless Chromium shared by the worker's PDF renderers, started on first use and restarted
 * if it dies. Each render gets its own page with JavaScript and network disabled: the HTML is
 * ours, but it embeds user text.
 */
@Injectable()
export class ChromiumService implements OnApplicationShutdown {
  private browser: Promise<Browser> | undefined;

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
      if (!executablePath) {
        return Promise.reject(new Error('Chromium não encontrado: defina PUPPETEER_EXECUTABLE_PATH.'));
      }
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
