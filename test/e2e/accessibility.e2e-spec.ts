import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { login } from '#test/setup/app';
import { chooseOption, clickButton, fillField, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { showTheme, signedInRoutes, THEMES, type ThemeName } from '#test/setup/main-screens';

/** WCAG 2.1 A and AA rules of axe-core. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe-core's source, evaluated through DevTools: a <script> tag would be refused by the app's CSP
 * (no inline scripts), which is exactly what the suite checks elsewhere.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe on the current page in `theme`; returns its critical and serious violations, one line each. */
async function seriousViolations(page: Page, theme: ThemeName): Promise<string[]> {
  await showTheme(page, theme);
  if (!(await page.evaluate(`typeof window.axe !== 'undefined'`))) {
    await page.evaluate(AXE_SOURCE);
  }
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} } })`,
  )) as { violations: AxeViolation[] };
  return result.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id} (${violation.help}) em ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );
}

/** docs/interface.md#locale: every main screen, signed in, light and dark: no critical or serious WCAG 2.1 A/AA violation. */
describe('accessibility (axe-core) in the browser', () => {
  const suite = useBrowserSuite();
  let processRoute = '';
  let trackingRoute = '';

  beforeAll(async () => {
    await createUser(suite.server.dataSource, {
      username: 'acessivel',
      name: 'Ana Acessível',
      department: 'Gabinete',
      role: 'admin',
    });
    const { token } = await login(suite.server.url, 'acessivel', TEST_PASSWORD);
    const process = await createProcessViaApi(suite.server.url, token, { destinationDepartment: 'Jurídico' });
    processRoute = `/process-details/${pid(process.id)}`;
    const citizen = await createProcessViaApi(suite.server.url, token, {
      isNewRequester: true,
      requester: { name: 'Cida Cidadã', document: '529.982.247-25', phone: '(11) 95555-0000' },
    });
    trackingRoute = `/consulta?${new URLSearchParams({ numero: citizen.id, codigo: citizen.accessCode! }).toString()}`;
  });

  /** Opens `route`, waits until its heading is there and nothing is loading any more. */
  async function open(route: string): Promise<void> {
    await suite.app.goto(route);
    await suite.app.page.waitForSelector('h1');
    await suite.app.page.waitForFunction(`!document.querySelector('.spinner, [aria-busy="true"]')`);
  }

  it('finds no critical or serious violation on the public screens', async () => {
    const found: string[] = [];
    for (const route of ['/login', '/verify-signature', '/consulta', trackingRoute, '/solicitar']) {
      await open(route);
      for (const theme of THEMES)
        found.push(...(await seriousViolations(suite.app.page, theme)).map((v) => `${route} ${theme}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  it('finds no critical or serious violation on the screens of a signed-in user', async () => {
    await loginThroughUi(suite.app, 'acessivel', TEST_PASSWORD);
    const routes = signedInRoutes(processRoute);
    const found: string[] = [];
    for (const route of routes) {
      await open(route);
      for (const theme of THEMES)
        found.push(...(await seriousViolations(suite.app.page, theme)).map((v) => `${route} ${theme}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  it('finds no critical or serious violation in the template editor (hybrid: header and page sections)', async () => {
    await loginThroughUi(suite.app, 'acessivel', TEST_PASSWORD);
    await open('/templates');
    await clickButton(suite.app.page, 'Criar Template');
    await suite.app.page.waitForSelector('.rich-editor__content');
    await openSelect(suite.app.page, '.template-form', 'Formato do documento');
    await chooseOption(suite.app.page, 'Híbrido (HTML + DOCX)');
    await fillField(suite.app.page, 'Nome da organização', 'Prefeitura Municipal');
    await suite.app.page.waitForSelector('[data-testid="header-preview"]');
    const found: string[] = [];
    for (const theme of THEMES)
      found.push(...(await seriousViolations(suite.app.page, theme)).map((v) => `editor ${theme}: ${v}`));
    expect(found).toEqual([]);
  });
});
