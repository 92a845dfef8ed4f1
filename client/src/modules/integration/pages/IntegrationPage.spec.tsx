/** @jest-environment jsdom */
import type { LaiRequest, LaiRequestsResponse, UserView } from '@contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { laiApi } from '../api/lai-api';
import IntegrationPage from './IntegrationPage';

jest.mock('wouter', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
  Redirect: ({ to }: { to: string }) => <p>redirecionado para {to}</p>,
}));
jest.mock('../api/lai-api', () => ({
  laiApi: { list: jest.fn() },
  laiKeys: { list: (query: unknown) => ['processes', 'list', 'lai', query] },
}));
const list = jest.mocked(laiApi.list);

const REQUEST: LaiRequest = {
  id: '00001.000007/2027-11',
  requester: 'Joana Cidadã',
  subject: 'Contratos de iluminação pública',
  receivedAt: '2027-03-01T15:00:00.000Z',
  status: 'pendente',
  confidential: false,
  currentDepartment: 'Gabinete',
  deadline: { due: '2027-03-22', unit: 'calendar', state: 'on-time', kind: 'process', businessDaysLeft: 15 },
};
const reply = (requests: LaiRequest[]): LaiRequestsResponse => ({
  data: { requests, total: requests.length, page: 1, limit: 20, totalPages: requests.length ? 1 : 0 },
});
const user = (department: string, role: 'admin' | 'user' = 'user') => ({ role, department }) as unknown as UserView;

function renderPage(me: UserView | null) {
  const store = createStore();
  store.set(currentUserAtom, me);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <IntegrationPage />
      </QueryClientProvider>
    </Provider>,
  );
}

describe('IntegrationPage (e-SIC/LAI)', () => {
  beforeEach(() => {
    stubBrowser();
    jest.clearAllMocks();
  });

  it('shows the loading state, then each request: number, requester, subject, received date, due day with state, status', async () => {
    const overdue: LaiRequest = {
      ...REQUEST,
      id: '00001.000003/2027-55',
      requester: null,
      subject: 'Gastos com publicidade',
      status: 'em andamento',
      deadline: { ...REQUEST.deadline!, due: '2027-02-26', state: 'overdue', businessDaysLeft: -1 },
    };
    const noClock: LaiRequest = { ...REQUEST, id: '00001.000009/2027-01', deadline: null, status: 'concluído' };
    list.mockResolvedValueOnce(reply([overdue, REQUEST, noClock]));
    renderPage(user('Gabinete'));
    expect(screen.getByText('Carregando pedidos...')).toBeTruthy();

    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.querySelector('a')?.textContent).slice(1)).toEqual([
      overdue.id,
      REQUEST.id,
      noClock.id,
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Número',
      'Requerente',
      'Assunto',
      'Recebido em',
      'Prazo',
      'Status',
    ]);
    const first = within(rows[1]);
    expect(first.getByText('—')).toBeTruthy();
    expect(first.getByText('26/02/2027')).toBeTruthy();
    expect(first.getByText('Vencido')).toBeTruthy();
    expect(first.getByText('Em andamento')).toBeTruthy();
    const second = within(rows[2]);
    expect(second.getByRole('link', { name: REQUEST.id }).getAttribute('href')).toBe(
      `/process-details/${encodeURIComponent(REQUEST.id)}`,
    );
    expect(second.getByText('Joana Cidadã')).toBeTruthy();
    expect(second.getByText('01/03/2027')).toBeTruthy();
    expect(second.getByText('22/03/2027')).toBeTruthy();
    expect(second.getByText('No prazo')).toBeTruthy();
    expect(within(rows[3]).getByText('Sem prazo')).toBeTruthy();
    expect(screen.getByText('3 pedidos')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ page: 1 }, expect.anything());
  });

  it('filters by the state of the deadline, with its own empty text', async () => {
    list.mockResolvedValueOnce(reply([REQUEST])).mockResolvedValueOnce(reply([]));
    renderPage(user('Administração', 'admin'));
    await screen.findByText(REQUEST.subject);
    await userEvent.click(screen.getByRole('button', { name: /Situação do prazo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vencidos' }));
    expect(await screen.findByText('Nenhum pedido de acesso à informação nesta situação.')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ page: 1, state: 'overdue' }, expect.anything());
  });

  it('says when no request was received', async () => {
    list.mockResolvedValueOnce(reply([]));
    renderPage(user('Gabinete'));
    expect(await screen.findByText('Nenhum pedido de acesso à informação recebido.')).toBeTruthy();
  });

  it('shows cards on a 390 px screen, each with the due day and its state', async () => {
    stubBrowser({ smallScreen: true });
    list.mockResolvedValueOnce(reply([REQUEST]));
    renderPage(user('Gabinete'));
    await screen.findByText(REQUEST.subject);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Pedidos de acesso à informação' }));
    expect(card.getByText('22/03/2027')).toBeTruthy();
    expect(card.getByText('No prazo')).toBeTruthy();
    expect(card.getByText('Prazo')).toBeTruthy();
  });

  it('sends users who do not handle LAI requests to the dashboard and asks the server nothing', () => {
    renderPage(user('Infraestrutura'));
    expect(screen.getByText('redirecionado para /dashboard')).toBeTruthy();
    expect(list).not.toHaveBeenCalled();
  });

  it("shows the server's message when the list fails", async () => {
    list.mockRejectedValueOnce(new Error('Falha de rede'));
    renderPage(user('Gabinete'));
    expect(await screen.findByText(/Falha ao carregar os pedidos/)).toBeTruthy();
  });
});
