import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login } from '#test/setup/app';
import { chooseOption, clickButton, fillField, loginThroughUi, openSelect, useBrowserSuite } from '#test/setup/browser';

const WARNING = '.process-form__warning';
const noWarningSource = `!Array.from(document.querySelectorAll('${WARNING}')).some((el) => el.innerText.includes('lista de acesso'))`;

/** docs/processes.md#forwarding: the forms warn when nobody of the destination may open the confidential process. */
describe('confidential process sent where nobody may open it', () => {
  const suite = useBrowserSuite();

  beforeAll(async () => {
    const { dataSource } = suite.server;
    await createUser(dataSource, { username: 'julia', name: 'Júlia Jurídico', department: 'Jurídico' });
    await createUser(dataSource, { username: 'fabio', name: 'Fábio Finanças', department: 'Financeiro' });
    await createUser(dataSource, { username: 'ivo', name: 'Ivo Infra', department: 'Infraestrutura' });
  });

  it('warns in the creation form until someone of the destination is on the access list', async () => {
    const { app } = suite;
    await loginThroughUi(app, 'julia', TEST_PASSWORD);
    await app.goto('/processes');
    await clickButton(app.page, 'Novo Processo');
    await app.waitForText('Novo Processo', '[role="dialog"]');
    await fillField(app.page, 'Título', 'Apuração reservada');
    await fillField(app.page, 'Descrição', 'Fatos a apurar.');
    await openSelect(app.page, '[role="dialog"]', 'Departamento de destino');
    await chooseOption(app.page, 'Financeiro');
    await app.page.click('::-p-aria([name="Processo sigiloso"][role="switch"])');
    await app.page.click('::-p-aria([name="Ivo Infra — Infraestrutura"][role="checkbox"])');
    await app.waitForText('Atenção: ninguém de Financeiro está na lista de acesso deste processo sigiloso', WARNING);

    await app.page.click('::-p-aria([name="Fábio Finanças — Financeiro"][role="checkbox"])');
    await app.page.waitForFunction(noWarningSource);
  });

  it('warns in the forward form for a destination without access, not for the creator’s department', async () => {
    const julia = await login(suite.server.url, 'julia', TEST_PASSWORD);
    const ivo = await login(suite.server.url, 'ivo', TEST_PASSWORD);
    const process = await createProcessViaApi(suite.server.url, julia.token, {
      subject: 'Sindicância reservada',
      destinationDepartment: 'Infraestrutura',
      confidential: true,
      confidentialAccess: [ivo.user.id],
    });

    const { app } = suite;
    await loginThroughUi(app, 'ivo', TEST_PASSWORD);
    await app.goto(`/process-details/${encodeURIComponent(process.id)}`);
    await app.waitForText('Sindicância reservada');
    await clickButton(app.page, 'Encaminhar');
    await app.waitForText('Encaminhar Processo', '[role="dialog"]');
    await openSelect(app.page, '[role="dialog"]', 'Departamento de destino');
    await chooseOption(app.page, 'Financeiro');
    await app.waitForText('Atenção: ninguém de Financeiro está na lista de acesso deste processo sigiloso', WARNING);

    await openSelect(app.page, '[role="dialog"]', 'Departamento de destino');
    await chooseOption(app.page, 'Jurídico');
    await app.page.waitForFunction(noWarningSource);
  });
});
