import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '#server/config/env';
import { ChromiumService } from '#worker/renderers/pdf/chromium.service';

const run = promisify(execFile);
const page = (text: string) => `<!doctype html><html><body><p>${text}</p></body></html>`;

/** The worker's Chromium keeps a few warm pages between renders (docs/reports.md#pdf); nothing carries over. */
describe('Chromium PDF pages', () => {
  const chromium = new ChromiumService(loadEnv());
  let dir: string;
  const textOf = async (pdf: Buffer) => {
    const file = path.join(dir, `${Date.now()}-${Math.random()}.pdf`);
    await writeFile(file, pdf);
    return (await run('pdftotext', [file, '-'])).stdout;
  };
  const openPages = async () => (await (await chromium['launch']()).pages()).length;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-chromium-'));
  });
  afterAll(async () => {
    await chromium.onApplicationShutdown();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders one document after another on warm pages, each with only its own content', async () => {
    const blank = await openPages();
    const first = await textOf(await chromium.htmlToPdf(page('Ofício número um'), { format: 'A4' }));
    const opened = await openPages();
    expect(opened).toBe(blank + 1); // the page it used stays open, warm
    const second = await textOf(await chromium.htmlToPdf(page('Memorando número dois'), { format: 'A4' }));
    const third = await textOf(await chromium.htmlToPdf(page('Despacho número três'), { format: 'A4' }));
    expect([first, second, third].map((t) => t.trim())).toEqual([
      'Ofício número um',
      'Memorando número dois',
      'Despacho número três',
    ]);
    expect(await openPages()).toBe(opened);
  });

  it('keeps scripts off on a reused page', async () => {
    await chromium.htmlToPdf(page('aquecimento'), { format: 'A4' });
    const html = `<!doctype html><html><body><p id="t">texto do usuário</p>
      <script>document.getElementById('t').textContent = 'script executado'</script></body></html>`;
    expect((await textOf(await chromium.htmlToPdf(html, { format: 'A4' }))).trim()).toBe('texto do usuário');
  });

  it('closes a page whose render failed and goes on with a fresh one', async () => {
    await chromium.htmlToPdf(page('aquecimento'), { format: 'A4' });
    const before = await openPages();
    // One page of content, a range past it: Chromium refuses to print.
    await expect(chromium.htmlToPdf(page('uma página'), { format: 'A4', pageRanges: '5' })).rejects.toThrow();
    expect(await openPages()).toBe(before - 1);
    expect((await textOf(await chromium.htmlToPdf(page('depois da falha'), { format: 'A4' }))).trim()).toBe(
      'depois da falha',
    );
  });
});
