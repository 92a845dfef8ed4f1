import type { NotificationListResponse } from '#server/contracts/notifications';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { clickButton, fillField, openSelect, type AppPage, useSessionsSuite } from '#test/setup/browser';

/**
 * docs/notifications.md#delivery: two people, two browser contexts (separate sessions), the real server and worker.
 * The receiver (Jurídico) has the app open with N unread notifications; the sender (Financeiro)
 * forwards a process to Jurídico through the UI; the receiver's badge goes to N + 1 without a
 * reload and a toast says so; the dropdown lists it, and clicking it marks it read (badge N again)
 * and opens the process.
 */
describe('notifications in the browser', () => {
  const suite = useSessionsSuite();
  const signIn = (username: string) => suite.signIn(username);

  const badge = (app: AppPage) =>
    app.page.evaluate(`document.querySelector('.header__badge')?.textContent ?? null`) as Promise<string | null>;
  const waitForBadge = (app: AppPage, count: number) =>
    app.page.waitForFunction(
      `document.querySelector('.header__bell')?.getAttribute('aria-label') === ${JSON.stringify(`Notificações (${count} não lidas)`)}`,
    );

  it("the receiver's badge goes from N to N+1 live when a process reaches their department", async () => {
    const creator = await createUser(suite.server.dataSource, { username: 'clara.adm', department: 'Administração' });
    await createUser(suite.server.dataSource, {
      username: 'sergio.fin',
      name: 'Sérgio Lima',
      department: 'Financeiro',
    });
    const receiver = await createUser(suite.server.dataSource, { username: 'rita.jur', department: 'Jurídico' });
    const creatorToken = (await login(suite.server.url, creator.username, TEST_PASSWORD)).token;
    const receiverToken = (await login(suite.server.url, receiver.username, TEST_PASSWORD)).token;
    const notificationsOf = async () =>
      (await api<NotificationListResponse>(suite.server.url, 'GET', '/notifications', { token: receiverToken })).body;

    // N = 2: two processes already reached Jurídico (relayed by the worker before the page opens).
    for (const subject of ['Parecer sobre contrato de limpeza', 'Recurso administrativo de multa']) {
      await createProcessViaApi(suite.server.url, creatorToken, { subject, destinationDepartment: 'Jurídico' });
    }
    const process = await createProcessViaApi(suite.server.url, creatorToken, {
      subject: 'Revisão de edital de pregão',
      destinationDepartment: 'Financeiro',
    });
    await eventually(async () => (await notificationsOf()).unreadCount >= 2, 'as notificações iniciais', {
      timeoutMs: 15_000,
      intervalMs: 100,
    });

    const receiverApp = await signIn('rita.jur');
    await waitForBadge(receiverApp, 2);
    expect(await badge(receiverApp)).toBe('2');
    // Survives only as long as the page is not reloaded.
    await receiverApp.page.evaluate('window.__notReloaded = true');

    const senderApp = await signIn('sergio.fin');
    // The sender was told of the process reaching Financeiro; their own forward adds nothing.
    await waitForBadge(senderApp, 1);
    await senderApp.goto(`/process-details/${encodeURIComponent(process.id)}`);
    await senderApp.waitForText('Revisão de edital de pregão');
    await clickButton(senderApp.page, 'Encaminhar');
    await senderApp.waitForText('Encaminhar Processo', '[role="dialog"]');
    await openSelect(senderApp.page, '[role="dialog"]', 'Departamento de destino');
    await (await senderApp.page.waitForSelector('::-p-aria([name="Jurídico"][role="option"])'))!.click();
    await fillField(senderApp.page, 'Comentário', 'Segue para parecer jurídico.');
    await senderApp.page.click('[role="dialog"] ::-p-aria([name="Encaminhar"][role="button"])');
    await senderApp.waitForText('Processo encaminhado com sucesso!');

    const message = `Sérgio Lima encaminhou o processo ${process.id} ("Revisão de edital de pregão") de Financeiro para Jurídico.`;
    await waitForBadge(receiverApp, 3);
    expect(await badge(receiverApp)).toBe('3');
    await receiverApp.waitForText(`Processo encaminhado: ${message}`, '.toast-region');
    expect(await receiverApp.page.evaluate('window.__notReloaded')).toBe(true);
    expect(await badge(senderApp)).toBe('1');

    await receiverApp.page.click('.header__bell');
    await receiverApp.waitForText(message, '.notification-dropdown');
    const first = await receiverApp.page.waitForSelector(
      '.notification-dropdown__list li:first-child .notification-item',
    );
    expect(await first!.evaluate((el) => el.className)).toContain('notification-item--unread');
    expect(await first!.evaluate((el) => (el as unknown as { innerText: string }).innerText)).toContain(
      'Processo encaminhado',
    );
    await first!.click();

    await waitForBadge(receiverApp, 2);
    expect(await badge(receiverApp)).toBe('2');
    await receiverApp.waitForRoute(`/process-details/${encodeURIComponent(process.id)}`);
    const after = await notificationsOf();
    expect(after.unreadCount).toBe(2);
    expect(after.notifications[0]).toMatchObject({ title: 'Processo encaminhado', message, read: true });
    expect(after.notifications.filter((n) => !n.read)).toHaveLength(2);
  });
});
