import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Browser, Page, PDFOptions } from 'puppeteer-core';
import { AppConfig } from '#server/config/config.module';
import {
  type BrowserExecutable,
  chromiumProblem,
  discardInflatedChromium,
  inflatePackagedChromium,
  packagedChromiumInstalled,
} from './browser-executable';

/** Chromium flags for a headless server without a sandbox-capable kernel setup or a GPU. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Prepared pages kept open between renders: opening and preparing one is a good part of a small PDF's time. */
const IDLE_PAGES = 2;

/**
 * One headless Chromium shared by the worker's PDF renderers, started on first use and restarted
 * if it dies: the system's (PUPPETEER_EXECUTABLE_PATH, /usr/bin/chromium) or, when there is none,
 * the one shipped in an npm package (browser-executable.ts). Each render has a page of its own for
 * its duration, with JavaScript and network disabled (the HTML is ours, but it embeds user text);
 * a page that rendered well goes back to a small pool of warm pages, one that failed is closed.
 */
@Injectable()
export class ChromiumService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Chromium');
  private browser: Promise<Browser> | undefined;
  private idle: Page[] = [];

  constructor(private readonly config: AppConfig) {}

  /** Says at boot, not at the first PDF, when the browser is missing or which one is used. */
  onApplicationBootstrap(): void {
    const executablePath = this.config.PUPPETEER_EXECUTABLE_PATH;
    const problem = chromiumProblem(executablePath, undefined, packagedChromiumInstalled());
    if (problem) this.logger.warn(`${problem} Os PDFs falharão até lá; as demais tarefas funcionam.`);
    else if (!executablePath) this.logger.log('Chromium do sistema ausente: os PDFs usam o Chromium do pacote npm.');
  }

  async htmlToPdf(html: string, options: PDFOptions): Promise<Buffer> {
    const page = await this.takePage();
    let reusable = false;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      const pdf = Buffer.from(await page.pdf({ printBackground: true, timeout: 60_000, ...options }));
      reusable = true;
      return pdf;
    } finally {
      if (reusable && this.idle.length < IDLE_PAGES && !page.isClosed()) this.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  }

  /** A warm page of the running browser, or a new one prepared: JavaScript off, only data: URLs load. */
  private async takePage(): Promise<Page> {
    const browser = await this.launch();
    const warm = this.idle.pop();
    if (warm && !warm.isClosed() && warm.browser() === browser) return warm;
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith('data:')) void request.continue();
      else void request.abort();
    });
    return page;
  }

  async onApplicationShutdown(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const started = this.start();
      this.browser = started;
      started.then(
        (browser) =>
          browser.on('disconnected', () => {
            this.browser = undefined;
            this.idle = [];
          }),
        () => (this.browser = undefined),
      );
    }
    return this.browser;
  }

  private async start(): Promise<Browser> {
    const executablePath = this.config.PUPPETEER_EXECUTABLE_PATH;
    const problem = chromiumProblem(executablePath, undefined, packagedChromiumInstalled());
    if (problem) throw new Error(problem);
    if (executablePath) return this.launchExecutable({ executablePath, packaged: false });
    const packaged = await inflatePackagedChromium();
    try {
      return await this.launchExecutable(packaged);
    } catch {
      // A truncated binary left by a worker killed while decompressing: decompress it again, once.
      await discardInflatedChromium(packaged);
      return this.launchExecutable(await inflatePackagedChromium());
    }
  }

  private async launchExecutable({ executablePath, packaged, env }: BrowserExecutable): Promise<Browser> {
    // Loaded on first use: keeps the worker's start fast.
    const { default: puppeteer } = await import('puppeteer-core');
    return puppeteer.launch({
      executablePath,
      headless: packaged ? 'shell' : true,
      args: CHROMIUM_ARGS,
      env: env ? { ...process.env, ...env } : undefined,
    });
  }
}
