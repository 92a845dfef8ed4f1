import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { TEST_PASSWORD } from '#test/factories/users';
import type { RunningServer } from './app';
import { useServerSuite } from './server-suite';

/**
 * Host the browser uses for the test server: a loopback address on the server's random port, i.e.
 * an intranet install (private address, port other than 3005). The page served by the server calls
 * its own origin (ARCHITECTURE Part 1), so every browser test also proves that rule.
 */
export const BROWSER_HOST = '127.0.0.1';

const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/**
 * The browser's language in every browser test: an en-US browser, so the tests prove that money,
 * numbers and dates are read and shown in pt-BR whatever the browser says (README › Numbers and dates).
 */
export const BROWSER_LANGUAGE = 'en-US';

/** Headless Chromium with the flags this machine needs. Fails loudly when Chromium or the build is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium não encontrado em ${CHROMIUM} (apt-get install chromium).`);
  if (!existsSync(join(__dirname, '..', '..', 'client', 'dist', 'index.html')))
    throw new Error('client/dist não encontrado: rode "npm run build:client" antes dos testes de navegador.');
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--lang=${BROWSER_LANGUAGE}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable',
    ],
  });
}

/** Base URL of the client for a server started by startServer(), e.g. http://127.0.0.1:41234/semgi. */
export function clientBaseUrl(serverUrl: string): string {
  const { port } = new URL(serverUrl);
  return `http://${BROWSER_HOST}:${port}/semgi`;
}

export interface AppPage {
  page: Page;
  /** Opens a client route, e.g. goto('/login'). */
  goto: (route: string) => Promise<void>;
  /** Current client route (without the /semgi base), e.g. '/dashboard'. */
  route: () => string;
  /** Waits until the client route equals `route`. */
  waitForRoute: (route: string, timeoutMs?: number) => Promise<void>;
  /** Waits until the visible text of `selector` (default body) contains `text`. */
  waitForText: (text: string, selector?: string, timeoutMs?: number) => Promise<void>;
  /** localStorage 'token' of the page (null when signed out). */
  storedToken: () => Promise<string | null>;
  /** Messages of window.alert/confirm dialogs (accepted automatically). */
  dialogs: string[];
  /** Console reports of anything the server's Content-Security-Policy blocked. */
  cspViolations: string[];
}

/** A page of `browser`, or of one of its contexts (separate storage: another signed-in user). */
export async function openAppPage(browser: Browser | BrowserContext, serverUrl: string): Promise<AppPage> {
  const base = clientBaseUrl(serverUrl);
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.setExtraHTTPHeaders({ 'Accept-Language': `${BROWSER_LANGUAGE},en;q=0.9` });
  // No CSS transitions (the app honours reduced motion): a click never lands on a sliding element.
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  page.setDefaultTimeout(15_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  const route = () => new URL(page.url()).pathname.replace(/^\/semgi/, '') || '/';
  return {
    page,
    dialogs,
    cspViolations,
    route,
    goto: async (path) => {
      await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    },
    waitForRoute: async (expected, timeoutMs = 15_000) => {
      // Functions run in the page are given as source text: this project compiles without DOM types.
      await page.waitForFunction(`window.location.pathname === ${JSON.stringify(`/semgi${expected}`)}`, {
        timeout: timeoutMs,
      });
    },
    waitForText: async (text, selector = 'body', timeoutMs = 15_000) => {
      await page.waitForFunction(
        `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).some((el) => el.innerText.includes(${JSON.stringify(text)}))`,
        { timeout: timeoutMs },
      );
    },
    storedToken: async () => (await page.evaluate(`localStorage.getItem('token')`)) as string | null,
  };
}

export interface BrowserSuite {
  server: RunningServer;
  browser: Browser;
  /** The page of the running test (a new one for every test). */
  app: AppPage;
}

/**
 * Registers the hooks of a browser test file: one server and one Chromium for the file, a fresh page
 * for every test, all closed afterwards. Read the fields inside hooks and tests.
 */
export function useBrowserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  // Declared before the server's hooks, so the browser closes (its pages' connections with it) first.
  beforeAll(async () => {
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await (suite.browser as Browser | undefined)?.close();
  });
  suite.server = useServerSuite().server;
  beforeEach(async () => {
    suite.app = await openAppPage(suite.browser, suite.server.url);
  });
  afterEach(async () => {
    await suite.app.page.close();
    // The client must work under the server's CSP (security-headers.ts): nothing may be blocked.
    expect(suite.app.cspViolations).toEqual([]);
  });
  return suite;
}

export interface SessionsSuite {
  server: RunningServer;
  /** Signs `username` in through the UI in a browser context of its own (a separate session). */
  signIn: (username: string) => Promise<AppPage>;
}

/**
 * Registers the hooks of a browser test file where several people work at once: one server, one
 * worker (live notifications and pushes) and one Chromium for the file, a browser context per
 * `signIn`, all closed afterwards. Read `server` inside hooks and tests.
 */
export function useSessionsSuite(): SessionsSuite {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const suite = {} as SessionsSuite;
  // Declared before the server's hooks, so the browser closes (its pages' connections with it) first.
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  suite.server = useServerSuite({ worker: true }).server;
  suite.signIn = async (username) => {
    if (!browser) throw new Error('o navegador ainda não foi iniciado');
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const app = await openAppPage(context, suite.server.url);
    await loginThroughUi(app, username, TEST_PASSWORD);
    return app;
  };
  return suite;
}

/** Fills an input found by its label's text (react-aria links label and input). */
export async function fillField(page: Page, label: string, value: string): Promise<void> {
  const input = await page.waitForSelector(`::-p-aria(${label})`);
  if (!input) throw new Error(`campo "${label}" não encontrado`);
  await input.click({ count: 3 });
  await input.press('Backspace');
  await input.type(value);
}

/** Opens the react-aria Select whose label starts with `label` inside `scope`. */
export async function openSelect(page: Page, scope: string, label: string): Promise<void> {
  const handle = await page.evaluateHandle(
    `Array.from(document.querySelectorAll(${JSON.stringify(`${scope} .field`)}))` +
      `.find((field) => field.querySelector('.field__label')?.textContent.startsWith(${JSON.stringify(label)}))` +
      `?.querySelector('button')`,
  );
  const button = handle.asElement();
  if (!button) throw new Error(`seleção "${label}" não encontrada`);
  await button.click();
}

/** Clicks the option named `name` of the open list box (react-aria Select). */
export async function chooseOption(page: Page, name: string): Promise<void> {
  const item = await page.waitForSelector(`::-p-aria([name="${name}"][role="option"])`);
  if (!item) throw new Error(`opção "${name}" não encontrada`);
  await item.click();
}

export async function clickButton(page: Page, name: string): Promise<void> {
  const button = await page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`);
  if (!button) throw new Error(`botão "${name}" não encontrado`);
  await button.click();
}

/** Signs in through the /login form and waits for `expectedRoute` (default /dashboard). */
export async function loginThroughUi(app: AppPage, username: string, password: string, expectedRoute = '/dashboard') {
  await app.goto('/login');
  await fillField(app.page, 'Usuário', username);
  await fillField(app.page, 'Senha', password);
  await clickButton(app.page, 'Entrar');
  await app.waitForRoute(expectedRoute);
  // Protected pages render inside the lazily loaded shell: wait for it.
  if (expectedRoute !== '/change-password') await app.page.waitForSelector('.app-shell .sidebar__nav a');
}

const dateSegments = (label: string) =>
  `::-p-xpath(//*[contains(@class,"field__label") and normalize-space()="${label}"]/following-sibling::*[contains(@class,"date-field__group")]//*[@role="spinbutton"])`;

/** Types a day into the DateField labelled `label`, digits in the order its segments come. */
export async function typeDay(page: Page, label: string, digits: string): Promise<void> {
  const segment = await page.waitForSelector(dateSegments(label));
  if (!segment) throw new Error(`data "${label}" não encontrada`);
  await segment.click();
  await page.keyboard.type(digits);
}

/** The segments of the DateField labelled `label`, in screen order: their names and texts. */
export async function daySegments(page: Page, label: string): Promise<{ name: string; text: string }[]> {
  await page.waitForSelector(dateSegments(label));
  const segments = await page.$$(dateSegments(label));
  return Promise.all(
    segments.map((segment) =>
      segment.evaluate((el) => ({ name: el.getAttribute('aria-label') ?? '', text: el.textContent ?? '' })),
    ),
  );
}
