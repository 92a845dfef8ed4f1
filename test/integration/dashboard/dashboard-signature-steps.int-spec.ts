import type { DashboardResponse } from '#server/contracts/dashboard';
import type { DocumentView } from '#server/contracts/documents';
import { PROCESS_HISTORY_ACTIONS as ACTIONS, type ProcessView } from '#server/contracts/processes';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { liveDashboardFigures } from '#test/factories/dashboard-live';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * docs/dashboard.md#figures: the activity chart counts process movements; the signature steps of a
 * linked document are in the process history but not in the chart.
 */
describe('dashboard activity and signature steps', () => {
  const { server, worker } = useServerSuite({ worker: true });
  let ana: Session;
  let bia: Session;

  const post = <T>(who: Session, path: string, body: Record<string, unknown>) =>
    api<T>(server.url, 'POST', path, { token: who.token, body });
  const activityToday = async (who: Session) => {
    await worker.get(DashboardAggregatesService).recompute();
    const res = await api<DashboardResponse>(server.url, 'GET', '/dashboard', { token: who.token });
    expect(res.status).toBe(200);
    return res.body.activity.reduce((sum, day) => sum + day.count, 0);
  };

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'ana.painel', name: 'Ana Painel', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'bia.painel', name: 'Bia Painel', department: 'Jurídico' });
    ana = await login(server.url, 'ana.painel', TEST_PASSWORD);
    bia = await login(server.url, 'bia.painel', TEST_PASSWORD);
  });

  it('a request, a signature and its completion add history entries but no activity; a forward adds one', async () => {
    const process = await createProcessViaApi(server.url, bia.token, {
      subject: 'Aquisição de mobiliário',
      destinationDepartment: 'Financeiro',
    });
    expect(await activityToday(ana)).toBe(1);

    const doc = await post<DocumentView>(ana, '/documents', { title: 'Termo', content: 'x', processId: process.id });
    expect(doc.status).toBe(201);
    const asked = await post(ana, `/documents/${doc.body.id}/signature-requests`, {
      signers: [ana.user.id],
      order: 'sequential',
    });
    expect(asked.status).toBe(201);
    const signed = await post(ana, `/documents/${doc.body.id}/sign`, {
      signatureType: 'simple',
      certificateType: 'password',
      password: TEST_PASSWORD,
    });
    expect(signed.status).toBe(200);

    const history = await api<ProcessView>(server.url, 'GET', `/processes/${pid(process.id)}`, { token: ana.token });
    expect(history.body.history.map((h) => h.action)).toEqual([
      ACTIONS.created,
      ACTIONS.signaturesRequested,
      ACTIONS.documentSigned,
      ACTIONS.signaturesCompleted,
    ]);
    expect(await activityToday(ana)).toBe(1);
    expect(Object.values((await liveDashboardFigures(server.dataSource, ana.user)).activity)).toEqual([1]);

    const forwarded = await post(ana, `/processes/${pid(process.id)}/forward`, {
      destinationDepartment: 'Jurídico',
      comment: 'Para parecer.',
    });
    expect(forwarded.status).toBe(200);
    expect(await activityToday(ana)).toBe(2);
  });
});
