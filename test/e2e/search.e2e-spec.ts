import type { DocumentView } from '#server/contracts/documents';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { loginThroughUi, useBrowserSuite } from '#test/setup/browser';

/** docs/interface.md#search: the header search finds processes and documents, grouped, accent-insensitive. */
describe('header search in the browser', () => {
  const suite = useBrowserSuite();

  it("types 'oficio' in the header, sees processes and documents grouped with counts, opens one", async () => {
    await createUser(suite.server.dataSource, { username: 'bruna', name: 'Bruna Reis', department: 'Jurídico' });
    const { token } = await login(suite.server.url, 'bruna', TEST_PASSWORD);
    const process = await createProcessViaApi(suite.server.url, token, { subject: 'Ofício da Câmara sobre asfalto' });
    const doc = await api<DocumentView>(suite.server.url, 'POST', '/documents', {
      token,
      body: { title: 'Resposta ao Ofício 12', content: 'Texto da resposta.' },
    });
    expect(doc.status).toBe(201);

    const { app } = suite;
    await loginThroughUi(app, 'bruna', TEST_PASSWORD);
    await app.page.type('::-p-aria(Buscar)', 'oficio');
    await app.page.keyboard.press('Enter');
    await app.waitForRoute('/search');
    await app.waitForText('Resultados da busca', 'h1');
    await app.waitForText('Processos (1)', 'h2');
    await app.waitForText('Documentos (1)', 'h2');
    await app.waitForText('Resposta ao Ofício 12', '.search-results');

    await app.page.click(`::-p-aria([name="${process.id} — Ofício da Câmara sobre asfalto"][role="link"])`);
    await app.waitForRoute(`/process-details/${encodeURIComponent(process.id)}`);
    await app.waitForText('Ofício da Câmara sobre asfalto');

    await app.page.goBack();
    await app.waitForRoute('/search');
    await app.page.click('::-p-aria([name="Resposta ao Ofício 12"][role="link"])');
    await app.waitForRoute(`/documents/${doc.body.id}`);
  });
});
