import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually, quietPeriod } from '#test/setup/eventually';
import {
  chooseOption,
  clickButton,
  fillField,
  launchBrowser,
  loginThroughUi,
  openAppPage,
  openSelect,
  type AppPage,
} from '#test/setup/browser';

/** A tiny but real PDF (the server checks the content, not the name). */
function writePdf(dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return path;
}

async function buttonNames(page: Page): Promise<string[]> {
  return (await page.evaluate(
    `Array.from(document.querySelectorAll('main button, [role="toolbar"] button')).map((b) => b.innerText.trim())`,
  )) as string[];
}

/** Clicks the open dialog's button `name` (the page may show a button of the same name behind it). */
async function clickInDialog(page: Page, name: string): Promise<void> {
  await page.click(`[role="dialog"] ::-p-aria([name="${name}"][role="button"])`);
}

/** Opens the dialog's 'Departamento de destino', checks that `unavailable` is disabled and picks `choice`. */
async function chooseDestination(page: Page, { unavailable, choice }: { unavailable: string; choice: string }) {
  await openSelect(page, '[role="dialog"]', 'Departamento de destino');
  const blocked = await page.waitForSelector(`::-p-aria([name="${unavailable}"][role="option"])`);
  expect(await blocked!.evaluate((el) => el.getAttribute('aria-disabled'))).toBe('true');
  await chooseOption(page, choice);
}

/** Adds a file through the open dialog's button (the browser's file chooser). */
async function uploadInDialog(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForFileChooser(),
    page.click('[role="dialog"] ::-p-aria([name="Adicionar arquivos"][role="button"])'),
  ]);
  await chooser.accept([path]);
}

/**
 * The whole life of a process in a real browser against the real server (docs/processes.md#list):
 * creation with a new external requester and an attachment, forwarding, an answer with an
 * attachment, finalisation by the admin; and the neutral 'not found or unavailable' screen of a confidential process.
 */
describe('processes in the browser', () => {
  const { server } = useServerSuite();
  let browser: Browser;
  let files: string;
  const opened: AppPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    files = mkdtempSync(join(tmpdir(), 'semgi-e2e-'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    for (const app of opened.splice(0)) await app.page.close();
  });

  /** A fresh page signed in as `username` (the previous session's token is dropped first). */
  async function signIn(username: string): Promise<AppPage> {
    const app = await openAppPage(browser, server.url);
    opened.push(app);
    await app.goto('/login');
    await app.page.evaluate('localStorage.clear()');
    await loginThroughUi(app, username, TEST_PASSWORD);
    return app;
  }

  const detailsRoute = (id: string) => `/process-details/${encodeURIComponent(id)}`;

  it('create → forward → answer → finalise, each step by whom the rules allow', async () => {
    await createUser(server.dataSource, { username: 'ana.adm', name: 'Ana Operadora', department: 'Administração' });
    await createUser(server.dataSource, { username: 'fabio.fin', name: 'Fábio Financeiro', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'ines.infra', name: 'Inês Infra', department: 'Infraestrutura' });
    await createUser(server.dataSource, {
      username: 'chefe',
      name: 'Chefe Admin',
      department: 'Gabinete',
      role: 'admin',
    });
    const initialPdf = writePdf(files, 'requerimento-inicial.pdf');
    const answerPdf = writePdf(files, 'laudo-tecnico.pdf');

    // 1. An operator of Administração opens a process for Financeiro with a new external requester.
    let app = await signIn('ana.adm');
    // The dashboard's 'Novo Processo' goes through /new-process to the list with the form open.
    await app.goto('/dashboard');
    const newProcess = await app.page.waitForSelector('a[href$="/new-process"]');
    await newProcess!.click();
    await app.waitForText('Novo Processo', '[role="dialog"]');
    expect(app.route()).toBe('/processes');
    // A missing field: its message sits under it and it takes the focus; typing clears the message.
    await clickButton(app.page, 'Criar Processo');
    await app.page.waitForFunction(`document.activeElement?.getAttribute('aria-invalid') === 'true'`);
    const focused = await app.page.evaluate(
      `(() => { const input = document.activeElement; const ids = (input.getAttribute('aria-describedby') || '').split(' ');` +
        ` return { label: input.labels?.[0]?.textContent, described: ids.map((id) => document.getElementById(id)?.textContent).join(' ') }; })()`,
    );
    expect(focused).toEqual({
      label: expect.stringContaining('Título'),
      described: expect.stringContaining('O título é obrigatório'),
    });
    await app.page.keyboard.type('P');
    await app.page.waitForFunction(
      `!document.querySelector('[role="dialog"]').innerText.includes('O título é obrigatório')`,
    );
    await clickButton(app.page, 'Cancelar');
    await app.page.waitForSelector('[role="dialog"]', { hidden: true });

    await app.goto('/processes');
    await app.waitForText('Gerenciamento de Processos', 'h1');
    await app.waitForText('Nenhum processo cadastrado ainda.');
    await clickButton(app.page, 'Novo Processo');
    await app.waitForText('Novo Processo', '[role="dialog"]');
    await clickButton(app.page, 'Criar Processo');
    await app.waitForText('O título é obrigatório', '[role="dialog"]');

    await fillField(app.page, 'Título', 'Poda de árvore na praça central');
    await fillField(app.page, 'Descrição', 'Galhos sobre a fiação elétrica, risco de queda.');
    // The origin department is shown and cannot be chosen as destination.
    const originField = await app.page.waitForSelector('::-p-aria(Departamento de origem)');
    const origin = await originField!.evaluate((el) => (el as unknown as { value: string }).value);
    expect(origin).toBe('Administração');
    await chooseDestination(app.page, { unavailable: 'Administração', choice: 'Financeiro' });

    await app.page.click('[role="dialog"] ::-p-text(Novo solicitante externo)');
    await fillField(app.page, 'Nome', 'Associação de Moradores do Centro');
    await fillField(app.page, 'CPF/CNPJ', '12.345.678/0001-95');
    await clickButton(app.page, 'Criar Processo');
    await app.waitForText('Por favor, informe o telefone do solicitante.', '[role="dialog"]');
    await fillField(app.page, 'Telefone', '(11) 3333-4444');
    // docs/processes.md#updates-by-e-mail: the checkbox waits for an e-mail.
    await app.waitForText('Informe o e-mail do requerente para ativar.', '[role="dialog"]');
    await fillField(app.page, 'E-mail', 'moradores@centro.org.br');
    await app.page.click('[role="dialog"] ::-p-text(Receber atualizações por e-mail)');
    await uploadInDialog(app.page, initialPdf);
    await app.waitForText('requerimento-inicial.pdf', '[role="dialog"]');
    await clickButton(app.page, 'Criar Processo');
    await app.waitForText('Processo criado com sucesso!');
    await app.waitForText('Poda de árvore na praça central', 'table');
    await app.waitForText('Para: Financeiro', 'table');

    const eye = await app.page.waitForSelector('button[aria-label^="Visualizar processo"]');
    const eyeName = (await eye!.evaluate((el) => el.getAttribute('aria-label'))) as string;
    const id = eyeName.replace('Visualizar processo ', '');
    expect(id).toMatch(/^\d{5}\.\d{6}\/\d{4}-\d{2}$/);
    await eye!.click();
    await app.waitForRoute(detailsRoute(id));
    await app.waitForText(`Processo ${id}`, 'h1');
    await app.waitForText('Associação de Moradores do Centro');
    await app.waitForText('CPF/CNPJ: 12.345.678/0001-95');
    // Opted in, shown on the requester card; only who may act could change it.
    const optIn = `[...document.querySelectorAll('label')].find((l) => l.textContent.includes('Receber atualizações por e-mail'))?.querySelector('input')`;
    await app.page.waitForFunction(`${optIn}?.checked === true && ${optIn}?.disabled === true`);
    await app.waitForText('requerimento-inicial.pdf', '.timeline');
    // Not in the current department (Financeiro): no action is offered to the creator.
    expect(await buttonNames(app.page)).not.toContain('Encaminhar');

    // 2. An operator of Financeiro forwards it to Infraestrutura.
    app = await signIn('fabio.fin');
    await app.goto(detailsRoute(id));
    await app.waitForText('Poda de árvore na praça central');
    await clickButton(app.page, 'Encaminhar');
    await app.waitForText('Encaminhar Processo', '[role="dialog"]');
    await clickInDialog(app.page, 'Encaminhar');
    await app.waitForText('Por favor, preencha todos os campos para encaminhar o processo.', '[role="dialog"]');
    await chooseDestination(app.page, { unavailable: 'Financeiro', choice: 'Infraestrutura' });
    await fillField(app.page, 'Comentário', 'Encaminho para vistoria técnica.');
    await clickInDialog(app.page, 'Encaminhar');
    await app.waitForText('Processo encaminhado com sucesso!');
    await app.waitForText('Encaminho para vistoria técnica.', '.timeline');
    await app.page.waitForFunction(`!document.querySelector('[role="toolbar"]')`);

    // 3. A user of Infraestrutura answers with an attachment.
    app = await signIn('ines.infra');
    await app.goto(detailsRoute(id));
    await app.waitForText('Infraestrutura');
    await clickButton(app.page, 'Adicionar Resposta');
    await clickButton(app.page, 'Enviar Resposta');
    await app.waitForText('Por favor, adicione uma resposta.', '[role="dialog"]');
    await fillField(app.page, 'Resposta', 'Vistoria feita; poda agendada para sexta-feira.');
    await uploadInDialog(app.page, answerPdf);
    await app.waitForText('laudo-tecnico.pdf', '[role="dialog"]');
    await clickButton(app.page, 'Enviar Resposta');
    await app.waitForText('Resposta adicionada com sucesso!');
    await app.waitForText('Resposta com anexos adicionada', '.timeline');
    await app.waitForText('laudo-tecnico.pdf', '.timeline');

    // 4. The admin finalises it; the finalised page offers no action at all.
    app = await signIn('chefe');
    await app.goto(detailsRoute(id));
    await app.waitForText('Vistoria feita; poda agendada para sexta-feira.');
    await clickButton(app.page, 'Finalizar');
    await app.waitForText('Finalizar Processo', '[role="dialog"]');
    await clickInDialog(app.page, 'Finalizar');
    await app.waitForText('Por favor, adicione uma observação final.', '[role="dialog"]');
    await fillField(app.page, 'Observação final', 'Serviço concluído.');
    await clickInDialog(app.page, 'Finalizar');
    await app.waitForText('Processo finalizado com sucesso!');
    await app.waitForText('Concluído', '.status-badge');
    await app.page.reload({ waitUntil: 'domcontentloaded' });
    await app.waitForText('Processo finalizado', '.timeline');
    // Entries that are not a move between departments carry no 'from → to' line.
    expect(await app.page.$eval('.timeline', (el) => el.textContent)).not.toContain('N/D');
    expect(await app.page.$('[role="toolbar"]')).toBeNull();
    const names = await buttonNames(app.page);
    for (const action of [
      'Encaminhar',
      'Adicionar Resposta',
      'Anexar Documento',
      'Criar Documento',
      'Finalizar',
      'Excluir',
    ]) {
      expect(names).not.toContain(action);
    }
    // Both files are in the documents tab.
    await app.page.click('::-p-aria([name="Documentos Anexados (2)"][role="tab"])');
    await app.waitForText('requerimento-inicial.pdf', 'table');
    await app.waitForText('laudo-tecnico.pdf', 'table');
    await app.waitForText('KB', 'table');

    // 5. The list honours ?status=concluido and exports the filtered list as CSV for Excel pt-BR.
    await app.goto('/processes?status=concluido');
    await app.waitForText('Poda de árvore na praça central', 'table');
    await app.waitForText('Concluído', 'table');
    const downloads = mkdtempSync(join(tmpdir(), 'semgi-csv-'));
    const cdp = await app.page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await clickButton(app.page, 'Exportar');
    const today = new Date();
    const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0'));
    const csvPath = join(downloads, `processos-${day.join('-')}.csv`);
    await eventually(() => existsSync(csvPath) && readFileSync(csvPath).length > 0, 'o CSV baixado', {
      intervalMs: 100,
    });
    const csv = readFileSync(csvPath);
    expect(csv.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = csv.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split(';')[0]).toBe('Protocolo');
    expect(lines[1]).toContain(`${id};Poda de árvore na praça central;`);
    expect(lines[1]).toContain(';Concluído;');
  });

  it('creates a document from the process page, lists it in the Documentos tab and opens it in the viewer', async () => {
    await createUser(server.dataSource, { username: 'rita.fin', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'caio.infra', department: 'Infraestrutura' });
    const author = await login(server.url, 'rita.fin', TEST_PASSWORD);
    const process = await createProcessViaApi(server.url, author.token, {
      subject: 'Pagamento de fornecedor de merenda',
      destinationDepartment: 'Infraestrutura',
    });

    // Only the current department (or an admin) acts on the process: no 'Criar Documento' for Financeiro.
    const outsider = await signIn('rita.fin');
    await outsider.goto(detailsRoute(process.id));
    await outsider.waitForText('Pagamento de fornecedor de merenda');
    await outsider.page.waitForSelector('::-p-aria([name="Documentos (0)"][role="tab"])');
    expect(await buttonNames(outsider.page)).not.toContain('Criar Documento');

    const app = await signIn('caio.infra');
    await app.goto(detailsRoute(process.id));
    await app.waitForText('Pagamento de fornecedor de merenda');
    await app.page.click('::-p-aria([name="Documentos (0)"][role="tab"])');
    await app.waitForText('Nenhum documento vinculado a este processo.');

    await app.page.click('[role="toolbar"] ::-p-aria([name="Criar Documento"][role="button"])');
    await app.waitForText('Criar Documento', '[role="dialog"]');
    expect(await app.page.$eval('[role="dialog"] textarea', (el) => el.getAttribute('rows'))).toBe('20');
    await clickInDialog(app.page, 'Salvar');
    await app.waitForText('Por favor, informe um título para o documento.', '[role="dialog"]');
    await fillField(app.page, 'Título', 'Nota de empenho 12/2026');
    await fillField(app.page, 'Conteúdo', 'Empenho da despesa com o fornecedor de merenda escolar.');
    await clickInDialog(app.page, 'Salvar');
    await app.waitForText('Documento criado com sucesso!');

    await app.page.waitForSelector('::-p-aria([name="Documentos (1)"][role="tab"])');
    await app.waitForText('Nota de empenho 12/2026', 'table');
    // The creation toast sits over the row's 'Visualizar': close it as a person would.
    await app.page.click('.toast ::-p-aria([name="Fechar"][role="button"])');
    await app.page.waitForFunction(`!document.querySelector('.toast')`);
    await clickButton(app.page, 'Visualizar Nota de empenho 12/2026');
    await app.waitForText('Nota de empenho 12/2026', '[role="dialog"]');
    await app.waitForText('Empenho da despesa com o fornecedor de merenda escolar.', '[data-testid="document-text"]');
    await app.page.click('[role="dialog"] ::-p-aria([name="Abrir página do documento"][role="link"])');
    await app.page.waitForFunction(`location.pathname.includes('/documents/')`);
    await app.waitForText('Empenho da despesa com o fornecedor de merenda escolar.', '[data-testid="document-text"]');
    await app.waitForText('Pagamento de fornecedor de merenda');
  });

  it("shows 'Processo não encontrado ou indisponível' to a user outside a confidential process's access list", async () => {
    const insider = await createUser(server.dataSource, { username: 'joana.jur', department: 'Jurídico' });
    await createUser(server.dataSource, { username: 'otavio.jur', department: 'Jurídico' });
    await createUser(server.dataSource, { username: 'criador', department: 'Gabinete' });
    const creator = await login(server.url, 'criador', TEST_PASSWORD);
    const secret = await createProcessViaApi(server.url, creator.token, {
      subject: 'Denúncia sigilosa de irregularidade',
      destinationDepartment: 'Jurídico',
      confidential: true,
      confidentialAccess: [insider.id],
    });

    let app = await signIn('otavio.jur');
    await app.goto(detailsRoute(secret.id));
    await app.waitForText('Processo não encontrado ou indisponível', 'h1');
    await app.waitForText('Este processo não existe ou você não tem permissão para acessá-lo.');
    expect(await app.page.evaluate('document.body.innerText')).not.toContain('Denúncia sigilosa');
    await app.goto('/processes');
    await app.waitForText('Gerenciamento de Processos', 'h1');
    await app.page.waitForFunction(`!document.querySelector('[aria-busy="true"]')`);
    expect(await app.page.evaluate('document.body.innerText')).not.toContain('Denúncia sigilosa');

    app = await signIn('joana.jur');
    await app.goto(detailsRoute(secret.id));
    await app.waitForText('Denúncia sigilosa de irregularidade');
    await app.waitForText('Sigiloso');
  });

  it('creation form: requester modes reset, external search from 2 characters, warnings, confidential users', async () => {
    await createUser(server.dataSource, { username: 'rui.rh', name: 'Rui Recursos', department: 'Recursos Humanos' });
    await createUser(server.dataSource, { username: 'sem.fone', name: 'Sônia Sem Telefone', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'lia.lic', name: 'Lia Licitações', department: 'Licitações' });
    const rui = await login(server.url, 'rui.rh', TEST_PASSWORD);
    await createProcessViaApi(server.url, rui.token, {
      requester: { name: 'Carlos Munícipe', document: '111.222.333-44', phone: '(11) 99999-0000' },
      isNewRequester: true,
    });

    const app = await signIn('rui.rh');
    await app.goto('/processes');
    await clickButton(app.page, 'Novo Processo');
    await app.waitForText('Novo Processo', '[role="dialog"]');

    // A system user without phone: non-blocking warning.
    await app.page.click('[role="dialog"] ::-p-text(Usuário do sistema)');
    await openSelect(app.page, '[role="dialog"]', 'Usuário solicitante');
    await chooseOption(app.page, 'Sônia Sem Telefone — Financeiro');
    await app.waitForText('Atenção: O telefone do usuário selecionado precisa ser preenchido.', '[role="dialog"]');

    // Switching mode resets the requester fields.
    await app.page.click('[role="dialog"] ::-p-text(Novo solicitante externo)');
    await fillField(app.page, 'Nome', 'Rascunho');
    await app.page.click('[role="dialog"] ::-p-text(Solicitante externo cadastrado)');
    await app.page.click('[role="dialog"] ::-p-text(Novo solicitante externo)');
    const nameField = await app.page.waitForSelector('::-p-aria(Nome)');
    expect(await nameField!.evaluate((el) => (el as unknown as { value: string }).value)).toBe('');
    expect(await app.page.evaluate('document.querySelector(\'[role="dialog"]\').innerText')).not.toContain(
      'Atenção: O telefone',
    );

    // The external requester search starts at 2 characters.
    await app.page.click('[role="dialog"] ::-p-text(Solicitante externo cadastrado)');
    await fillField(app.page, 'Buscar solicitante externo', 'C');
    await quietPeriod(800);
    expect(await app.page.$('[aria-label="Solicitantes encontrados"]')).toBeNull();
    await fillField(app.page, 'Buscar solicitante externo', 'Carl');
    await clickButton(app.page, 'Carlos Munícipe — 111.222.333-44');
    await app.waitForText('CPF/CNPJ: 111.222.333-44', '[role="dialog"]');

    // Confidential: at least one user, checked after title/description/destination.
    await fillField(app.page, 'Título', 'Apuração interna');
    await fillField(app.page, 'Descrição', 'Apuração de conduta funcional.');
    await openSelect(app.page, '[role="dialog"]', 'Departamento de destino');
    await chooseOption(app.page, 'Jurídico');
    await app.page.click('[role="dialog"] ::-p-text(Processo sigiloso)');
    await clickButton(app.page, 'Criar Processo');
    await app.waitForText('Para processos sigilosos, selecione pelo menos um usuário com acesso.', '[role="dialog"]');
    await app.page.click('[role="dialog"] ::-p-text(Lia Licitações)');
    await clickButton(app.page, 'Criar Processo');
    await app.waitForText('Processo criado com sucesso!');
    await app.waitForText('Apuração interna', 'table');
    await app.waitForText('Sigiloso', 'table');

    await (await app.page.waitForSelector('button[aria-label^="Visualizar processo"]'))!.click();
    await app.waitForText('Carlos Munícipe');
    await app.waitForText('CPF/CNPJ: 111.222.333-44');
    await app.waitForText('Sigiloso', '.card');
  });
});
