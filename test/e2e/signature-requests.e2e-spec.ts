import type { DocumentView } from '#server/contracts/documents';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { type AppPage, chooseOption, clickButton, fillField, openSelect, useSessionsSuite } from '#test/setup/browser';
import { api, login } from '#test/setup/app';

const INBOX_LINK = '.sidebar__nav a[href$="/documents/pending-signatures"]';

/** docs/documents.md#signature-requests: a chain of two signers runs itself, each in their own browser. */
describe('signature requests in the browser', () => {
  const suite = useSessionsSuite();

  const pendingCount = (app: AppPage) => app.page.$eval(INBOX_LINK, (a) => a.textContent?.trim() ?? '');

  /** From the sidebar's 'Assinaturas pendentes' to the signed document, with the password. */
  const signFromInbox = async (app: AppPage, title: string, requester = 'Ana Requerente') => {
    await app.page.waitForFunction(`document.querySelector('.sidebar__count')?.textContent === '1'`, {
      timeout: 20_000,
    });
    await app.page.click(INBOX_LINK);
    await app.waitForRoute('/documents/pending-signatures');
    await app.waitForText(title, '.pending-list');
    await app.waitForText(`Solicitado por ${requester}`, '.pending-list');
    await app.page.click('.pending-list ::-p-aria([name="Assinar"][role="link"])');
    await app.waitForRoute('/document-signer');
    await fillField(app.page, 'Sua senha', TEST_PASSWORD);
    await clickButton(app.page, 'Assinar');
    await app.waitForText('Documento assinado com sucesso!');
  };

  it('asks two signers in order; each signs from the inbox; the requester sees the document complete live', async () => {
    const { dataSource } = suite.server;
    await createUser(dataSource, { username: 'ana.req', name: 'Ana Requerente', department: 'Financeiro' });
    await createUser(dataSource, { username: 'bia.ass', name: 'Bia Assinante', department: 'Jurídico' });
    await createUser(dataSource, { username: 'caio.ass', name: 'Caio Assinante', department: 'Gabinete' });
    const { token } = await login(suite.server.url, 'ana.req', TEST_PASSWORD);
    const doc = (
      await api<DocumentView>(suite.server.url, 'POST', '/documents', {
        token,
        body: { title: 'Convênio 3/2026', content: 'Termo de convênio entre as secretarias.' },
      })
    ).body;

    const bia = await suite.signIn('bia.ass');
    const caio = await suite.signIn('caio.ass');
    const ana = await suite.signIn('ana.req');
    expect(await pendingCount(bia)).toBe('Assinaturas pendentes');

    await ana.goto(`/documents/${doc.id}`);
    await ana.waitForText('Nenhuma assinatura solicitada.', '.signature-request');
    await clickButton(ana.page, 'Solicitar assinaturas');
    await openSelect(ana.page, '[role="dialog"]', 'Adicionar signatário');
    await chooseOption(ana.page, 'Bia Assinante — Jurídico');
    await openSelect(ana.page, '[role="dialog"]', 'Adicionar signatário');
    await chooseOption(ana.page, 'Caio Assinante — Gabinete');
    await fillField(ana.page, 'Mensagem aos signatários', 'Assinem, por favor.');
    await clickButton(ana.page, 'Solicitar');
    await ana.waitForText('Assinaturas solicitadas com sucesso!');
    await ana.waitForText('Aguardando assinatura', '.signature-request');
    await ana.waitForText('Aguardando a vez', '.signature-request');

    // Caio's turn has not come: his inbox stays empty while Bia's count arrives live.
    await bia.page.waitForFunction(`document.querySelector('.sidebar__count')?.textContent === '1'`);
    expect(await caio.page.$('.sidebar__count')).toBeNull();
    await signFromInbox(bia, 'Convênio 3/2026');
    await signFromInbox(caio, 'Convênio 3/2026');

    // Ana never reloaded: the pushes bring the document's new state.
    await ana.waitForText('Assinado', '.document-details__badges', 20_000);
    await ana.waitForText('Concluída', '.signature-request');
    const states = await ana.page.$$eval('.signing-flow__item', (items) => items.map((i) => i.textContent ?? ''));
    expect(states).toEqual([expect.stringContaining('Bia Assinante'), expect.stringContaining('Caio Assinante')]);
    expect(states.every((s) => s.includes('Assinado'))).toBe(true);
  });

  it('the open process page shows the signature steps of a linked document as they happen, without reloading', async () => {
    const { dataSource, url } = suite.server;
    await createUser(dataSource, { username: 'gil.proc', name: 'Gil Protocolo', department: 'Financeiro' });
    const signer = await createUser(dataSource, {
      username: 'hugo.ass',
      name: 'Hugo Assinante',
      department: 'Jurídico',
    });
    await createUser(dataSource, { username: 'iris.prot', name: 'Iris Licitante', department: 'Licitações' });
    const { token } = await login(url, 'gil.proc', TEST_PASSWORD);
    const process = await createProcessViaApi(url, (await login(url, 'iris.prot', TEST_PASSWORD)).token, {
      subject: 'Compra de material de escritório',
      destinationDepartment: 'Financeiro',
    });
    const doc = (
      await api<DocumentView>(url, 'POST', '/documents', {
        token,
        body: { title: 'Ofício 9/2026', content: 'Encaminha a cotação.', processId: process.id },
      })
    ).body;

    const gil = await suite.signIn('gil.proc');
    const hugo = await suite.signIn('hugo.ass');
    await gil.goto(`/process-details/${encodeURIComponent(process.id)}`);
    await gil.waitForText('Processo criado', '.timeline');
    await gil.page.evaluate(`window.__sameLoad = true`);

    const asked = await api(url, 'POST', `/documents/${doc.id}/signature-requests`, {
      token,
      body: { signers: [signer.id], order: 'sequential' },
    });
    expect(asked.status).toBe(201);
    await gil.waitForText('Assinaturas solicitadas', '.timeline', 20_000);

    await signFromInbox(hugo, 'Ofício 9/2026', 'Gil Protocolo');
    await gil.waitForText('Assinaturas concluídas', '.timeline', 20_000);
    const steps = await gil.page.$$eval('.timeline__entry strong', (items) => items.map((i) => i.textContent));
    expect(steps).toEqual([
      'Processo criado',
      'Assinaturas solicitadas',
      'Documento assinado',
      'Assinaturas concluídas',
    ]);
    // The same page all along: it was never reloaded.
    expect(await gil.page.evaluate(`window.__sameLoad === true`)).toBe(true);
  });
});
