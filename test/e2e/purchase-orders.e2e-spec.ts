import { createMaterial } from '#test/factories/purchase-orders';
import { createUser } from '#test/factories/users';
import { AMBIGUOUS_NUMBER } from '@/ui/number-entry';
import { chooseOption, clickButton, fillField, openSelect, type AppPage, useSessionsSuite } from '#test/setup/browser';

/**
 * docs/purchase-orders.md end to end: an operator orders two materials through the screen; a Pedidos user, with the page
 * open, hears of it live, approves, marks it ordered and received; the requester's open page
 * shows each step without a reload. Two browser contexts, the real server and worker.
 */
describe('purchase orders in the browser', () => {
  const suite = useSessionsSuite();

  async function signIn(username: string): Promise<AppPage> {
    const app = await suite.signIn(username);
    await app.goto('/purchase-orders');
    await app.waitForText('Pedidos de Materiais', 'h1');
    return app;
  }

  const rowStatus = (app: AppPage, orderNumber: string, status: string) =>
    app.page.waitForFunction(
      `Array.from(document.querySelectorAll('.data-table tbody tr')).some((tr) =>
        tr.innerText.includes(${JSON.stringify(orderNumber)}) && tr.innerText.includes(${JSON.stringify(status)}))`,
    );

  it('an order goes from the operator to Pedidos and back, live, step by step', async () => {
    await createUser(suite.server.dataSource, {
      username: 'otavio.inf',
      name: 'Otávio Reis',
      department: 'Infraestrutura',
    });
    await createUser(suite.server.dataSource, { username: 'paula.ped', name: 'Paula Souza', department: 'Pedidos' });
    await createMaterial(suite.server.dataSource, { name: 'Papel A4', unit: 'Resma' });
    await createMaterial(suite.server.dataSource, { name: 'Toner HP 85A', category: 'Consumíveis' });
    const orderNumber = `PED-${new Date().getFullYear()}-00001`;

    const reviewer = await signIn('paula.ped');
    await reviewer.waitForText('Nenhum pedido encontrado.');
    await reviewer.page.evaluate('window.__notReloaded = true');

    const requester = await signIn('otavio.inf');
    await requester.waitForText('Nenhum pedido encontrado.');
    // Only reviewers keep the material catalogue.
    expect(await requester.page.$('::-p-aria([name="Novo Material"][role="button"])')).toBeNull();
    await clickButton(requester.page, 'Novo Pedido');
    await requester.waitForText('Criar Novo Pedido de Material', '[role="dialog"]');
    await clickButton(requester.page, 'Criar Pedido');
    await requester.waitForText('Justificativa é obrigatório', '[role="dialog"]');

    await openSelect(requester.page, '[role="dialog"]', 'Material do item 1');
    await chooseOption(requester.page, 'Papel A4 (Resma)');
    await clickButton(requester.page, 'Adicionar Item');
    await openSelect(requester.page, '[role="dialog"]', 'Material do item 2');
    await chooseOption(requester.page, 'Toner HP 85A (Unidade)');
    const quantities = await requester.page.$$('[data-testid="po-item-row"] .number-field__input');
    expect(quantities).toHaveLength(2);
    await quantities[0].click({ count: 3 });
    await quantities[0].type('10');
    await fillField(requester.page, 'Justificativa', 'Estoque de papel e toner acabou.');
    // An en-US browser: '1234.5' is ambiguous and refused, '1234,50' is R$ 1.234,50.
    await fillField(requester.page, 'Valor estimado (R$)', '1234.5');
    await clickButton(requester.page, 'Criar Pedido');
    await requester.waitForText(AMBIGUOUS_NUMBER, '[role="dialog"]');
    await fillField(requester.page, 'Valor estimado (R$)', '1234,50');
    await requester.page.keyboard.press('Tab');
    const total = await requester.page.$eval(
      '.po-form__grid .number-field__input',
      (el) => (el as { value?: string }).value,
    );
    expect(total).toBe('R$\u00a01.234,50');
    await clickButton(requester.page, 'Criar Pedido');
    await requester.waitForText('Pedido de compra criado com sucesso!', '.toast-region');
    await rowStatus(requester, orderNumber, 'Pendente');
    await requester.waitForText('1.234,50', '.stat-cards');

    // The reviewer hears of it live, and the open list shows it.
    await reviewer.waitForText(`Novo pedido de material`, '.toast-region');
    await rowStatus(reviewer, orderNumber, 'Pendente');
    await clickButton(reviewer.page, `Ver detalhes do pedido ${orderNumber}`);
    await reviewer.waitForText(`Detalhes do Pedido #${orderNumber}`, '[role="dialog"]');
    await reviewer.waitForText('Papel A4', '[role="dialog"]');
    await reviewer.waitForText('10 Resma', '[role="dialog"]');
    await reviewer.waitForText('1 Unidade', '[role="dialog"]');
    expect(await reviewer.page.$('::-p-aria([name="Marcar como Recebido"][role="button"])')).toBeNull();

    const steps: [button: string, status: string, history: string, requesterToast: string][] = [
      ['Aprovar', 'Aprovado', 'Pendente → Aprovado', 'Pedido aprovado'],
      ['Marcar como Pedido Feito', 'Pedido Feito', 'Aprovado → Pedido Feito', 'Compra do pedido realizada'],
      ['Marcar como Recebido', 'Recebido', 'Pedido Feito → Recebido', 'Pedido recebido'],
    ];
    for (const [button, status, history, requesterToast] of steps) {
      await clickButton(reviewer.page, button);
      await reviewer.waitForText(history, '[role="dialog"]');
      await reviewer.waitForText('Status do pedido atualizado com sucesso!', '.toast-region');
      await requester.waitForText(requesterToast, '.toast-region');
      await rowStatus(requester, orderNumber, status);
    }
    expect(await reviewer.page.evaluate('window.__notReloaded')).toBe(true);

    // The requester opens the order from the newest notification: the whole history, no buttons left.
    await requester.page.click('.header__bell');
    await requester.waitForText('Pedido recebido', '.notification-dropdown');
    await requester.page.click('.notification-dropdown__list li:first-child .notification-item');
    await requester.waitForText(`Detalhes do Pedido #${orderNumber}`, '[role="dialog"]');
    await requester.waitForText('Pedido Feito → Recebido', '[role="dialog"]');
    await requester.waitForText('Paula Souza (Pedidos)', '[role="dialog"]');
    expect(await requester.page.$('::-p-aria([name="Cancelar Pedido"][role="button"])')).toBeNull();
  });
});
