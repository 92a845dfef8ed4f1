import type { Page } from 'puppeteer-core';
import type { DocumentView } from '#server/contracts/documents';
import { api, login } from '#test/setup/app';
import { chooseOption, clickButton, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';
import { showTheme, signedInRoutes, THEMES } from '#test/setup/main-screens';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createMaterial, createOrderViaApi } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';

const WIDTHS = [390, 1366] as const;

/**
 * Everything that sticks out, one line each: the document wider than the window; an element of
 * <main> past the window's or <main>'s right edge; a box that clips or scrolls its content
 * sideways (a cut tab strip) — except tables, which scroll inside their card on purpose.
 */
const OVERFLOWS = `(() => {
  const found = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) found.push('documento ' + doc.scrollWidth + ' > ' + doc.clientWidth);
  const main = document.querySelector('main');
  const limit = Math.min(doc.clientWidth, main.getBoundingClientRect().right) + 1;
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.innerText || '').trim().slice(0, 40) + '"';
  // Inside a table's own scroll box, or a visually hidden one (1 px, clipped: react-aria's hidden inputs).
  const exempt = (el) => {
    for (let up = el; up && up !== main; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      if ((up !== el && up.classList.contains('data-table')) || up.clientWidth <= 1) return true;
    }
    return false;
  };
  for (const el of main.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || exempt(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right > limit) found.push(name(el) + ' termina em ' + Math.round(box.right) + ' > ' + Math.round(limit));
    const overflowX = getComputedStyle(el).overflowX;
    if (overflowX !== 'visible' && !el.classList.contains('data-table') && el.scrollWidth > el.clientWidth + 1)
      found.push(name(el) + ' esconde conteúdo: ' + el.scrollWidth + ' > ' + el.clientWidth);
  }
  return found;
})()`;

/** The page's chart texts whose colour falls below WCAG AA (4.5:1) on the background behind the chart. */
const LOW_CONTRAST_CHART_TEXT = `(() => {
  const rgb = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let up = el; up; up = up.parentElement) {
      const colour = rgb(getComputedStyle(up).backgroundColor);
      if (colour.length === 3 || (colour.length === 4 && colour[3] > 0)) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const found = [];
  let checked = 0;
  for (const chart of document.querySelectorAll('.echart')) {
    const behind = luminance(background(chart));
    for (const text of chart.querySelectorAll('svg text')) {
      if (!text.textContent.trim()) continue;
      checked += 1;
      const own = luminance(rgb(getComputedStyle(text).fill));
      const ratio = (Math.max(own, behind) + 0.05) / (Math.min(own, behind) + 0.05);
      if (ratio < 4.5) found.push('"' + text.textContent + '" ' + getComputedStyle(text).fill + ' contraste ' + ratio.toFixed(2));
    }
  }
  return { checked, found };
})()`;

/** Pairs of neighbours on one line of each pager closer than 8 px (the count ran into 'Primeira'). */
const CRAMPED_PAGERS = `(() => {
  const found = [];
  for (const pager of document.querySelectorAll('.pagination')) {
    const items = Array.from(pager.children).map((el) => ({ text: el.innerText.trim(), box: el.getBoundingClientRect() }));
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      const sameLine = a.box.top < b.box.bottom && b.box.top < a.box.bottom;
      if (sameLine && b.box.left - a.box.right < 8) found.push('"' + a.text + '" encosta em "' + b.text + '"');
    }
  }
  return found;
})()`;

/** docs/interface.md#locale: every main screen fits 390 px and 1366 px, light and dark; dark charts are legible. */
describe('layout of the main screens in the browser', () => {
  const suite = useBrowserSuite();
  let processRoute = '';
  const longEmail = 'aparecida.figueiredo@prefeitura.test';

  beforeAll(async () => {
    const { dataSource, url } = suite.server;
    await createUser(dataSource, {
      username: 'aparecida.figueiredo',
      name: 'Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti',
      department: 'Gabinete',
      role: 'admin',
    });
    await createUser(dataSource, {
      username: 'joao',
      name: 'João Pedro de Oliveira Nascimento Vasconcelos Guimarães Filho',
      department: 'Infraestrutura',
    });
    const { token } = await login(url, 'aparecida.figueiredo', TEST_PASSWORD);
    const process = await createProcessViaApi(url, token, { destinationDepartment: 'Jurídico' });
    processRoute = `/process-details/${pid(process.id)}`;
    const doc = await api<DocumentView>(url, 'POST', '/documents', {
      token,
      body: { title: 'Parecer técnico sobre a iluminação', content: 'Texto do parecer.', processId: process.id },
    });
    expect(doc.status).toBe(201);
    const other = await login(url, 'joao', TEST_PASSWORD);
    await createProcessViaApi(url, other.token, {
      subject: 'Recapeamento da Avenida Central',
      destinationDepartment: 'Gabinete',
    });
    const material = await createMaterial(dataSource, { name: 'Luminária pública de LED 150 W' });
    await createOrderViaApi(url, token, [material.id], { estimatedTotal: 1_234_567.89 });
  });

  async function open(page: Page, route: string): Promise<void> {
    await suite.app.goto(route);
    await page.waitForSelector('h1');
    await page.waitForFunction(`!document.querySelector('.spinner, [aria-busy="true"]')`);
  }

  /** Runs `check` at both widths in both themes on the open page; returns its findings labelled. */
  async function atEverySize(label: string, check: () => Promise<string[]>): Promise<string[]> {
    const found: string[] = [];
    for (const width of WIDTHS) {
      await suite.app.page.setViewport({ width, height: 900 });
      for (const theme of THEMES) {
        await showTheme(suite.app.page, theme);
        found.push(...(await check()).map((f) => `${label} ${width}px ${theme}: ${f}`));
      }
    }
    return found;
  }

  const overflows = async () => (await suite.app.page.evaluate(OVERFLOWS)) as string[];

  it('keeps every element of every main screen inside its card and the window', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'aparecida.figueiredo', TEST_PASSWORD);
    const found: string[] = [];
    for (const route of signedInRoutes(processRoute)) {
      await page.setViewport({ width: 1366, height: 900 });
      await open(page, route);
      found.push(...(await atEverySize(route, overflows)));
    }
    // The Users report, with its long names in 'Usuários Mais Ativos'.
    await page.setViewport({ width: 1366, height: 900 });
    await open(page, '/reports');
    await openSelect(page, '.report-filters', 'Tipo de Relatório');
    await chooseOption(page, 'Usuários');
    await clickButton(page, 'Gerar Relatório');
    await suite.app.waitForText('Usuários Mais Ativos', '.report-result');
    await suite.app.waitForText('Maria Aparecida dos Santos', '.report-result');
    found.push(...(await atEverySize('/reports Usuários', overflows)));
    expect(found).toEqual([]);
  });

  it('shows every tab of the process, the requester e-mail whole and the report filters padded', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'aparecida.figueiredo', TEST_PASSWORD);
    await open(page, processRoute);
    await suite.app.waitForText('Documentos (1)', '[role="tab"]');
    const layout = await atEverySize(
      'processo',
      async () =>
        (await page.evaluate(`(() => {
          const found = [];
          for (const tab of document.querySelectorAll('[role="tab"]')) {
            const box = tab.getBoundingClientRect();
            const list = tab.closest('[role="tablist"]').getBoundingClientRect();
            if (box.left < list.left - 1 || box.right > list.right + 1) found.push('aba cortada: ' + tab.innerText);
          }
          const line = Array.from(document.querySelectorAll('.requester-block div')).find((d) => d.innerText.startsWith('E-mail:'));
          const range = document.createRange();
          range.selectNodeContents(line.lastChild);
          const rows = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (rows.size !== 1) found.push('e-mail em ' + rows.size + ' linhas: ' + line.innerText);
          return found;
        })()`)) as string[],
    );
    expect(layout).toEqual([]);
    expect(await page.evaluate(`document.querySelector('.requester-block').innerText`)).toContain(longEmail);

    // Keyboard: arrows reach the last tab.
    await page.focus('[role="tab"][aria-selected="true"]');
    await page.keyboard.press('End');
    expect(await page.evaluate(`document.activeElement.innerText`)).toBe('Documentos (1)');

    await open(page, '/reports');
    const padding = await atEverySize(
      '/reports filtros',
      async () =>
        (await page.evaluate(`(() => {
        const form = document.querySelector('.report-filters').getBoundingClientRect();
        const boxes = Array.from(document.querySelectorAll('.report-filters .field__label, .report-filters button'))
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.width > 1 && box.height > 1);
        const field = { left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)) };
        return field.left - form.left >= 12 && field.top - form.top >= 12 ? [] : ['campos encostados na borda do painel'];
      })()`)) as string[],
    );
    expect(padding).toEqual([]);
  });

  it("keeps the logs pager's count apart from 'Primeira'", async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'aparecida.figueiredo', TEST_PASSWORD);
    await open(page, '/logs');
    await suite.app.waitForText('Mostrando', '.pagination');
    const cramped = await atEverySize('/logs', async () => (await page.evaluate(CRAMPED_PAGERS)) as string[]);
    expect(cramped).toEqual([]);
  });

  it('draws chart legends and axis labels with AA contrast in the dark theme', async () => {
    const { page } = suite.app;
    await loginThroughUi(suite.app, 'aparecida.figueiredo', TEST_PASSWORD);
    await page.setViewport({ width: 1366, height: 900 });
    const screens: [string, () => Promise<void>][] = [
      ['/dashboard', () => open(page, '/dashboard')],
      [
        '/reports Processos',
        async () => {
          await open(page, '/reports');
          await clickButton(page, 'Gerar Relatório');
          await suite.app.waitForText('Relatório de Processos', '.report-result');
        },
      ],
      [
        '/logs Estatísticas',
        async () => {
          await open(page, '/logs');
          await clickButton(page, 'Estatísticas');
          await page.waitForFunction(
            `document.querySelectorAll('[role="dialog"] .log-stats .echart__canvas svg').length === 5`,
          );
        },
      ],
    ];
    const found: string[] = [];
    for (const [label, show] of screens) {
      await show();
      await page.waitForFunction(`document.querySelector('.echart svg text')`);
      // The chart follows a theme switch made after it was drawn.
      await showTheme(page, 'light');
      await showTheme(page, 'dark');
      const { checked, found: low } = (await page.evaluate(LOW_CONTRAST_CHART_TEXT)) as {
        checked: number;
        found: string[];
      };
      expect([label, checked > 0]).toEqual([label, true]);
      found.push(...low.map((f) => `${label}: ${f}`));
    }
    expect(found).toEqual([]);
  });
});
