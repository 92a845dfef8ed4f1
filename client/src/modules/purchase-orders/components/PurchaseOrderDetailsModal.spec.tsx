/** @jest-environment jsdom */
import type { PurchaseOrderView } from '@contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@/lib/http';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { PurchaseOrderDetailsModal } from './PurchaseOrderDetailsModal';

jest.mock('../api/purchase-orders-api', () => ({
  purchaseOrdersApi: { details: jest.fn(), changeStatus: jest.fn(), pdf: jest.fn() },
}));
const details = jest.mocked(purchaseOrdersApi.details);
const changeStatus = jest.mocked(purchaseOrdersApi.changeStatus);

const ORDER: PurchaseOrderView = {
  _id: 'o1',
  id: 'o1',
  orderNumber: 'PED-2026-00007',
  department: 'Infraestrutura',
  requestedBy: { _id: 'u1', name: 'Otávio Reis', email: 'otavio@prefeitura.test' },
  status: 'pending',
  priority: 'high',
  itemCount: 1,
  estimatedTotal: 1234.5,
  deliveryExpected: '2026-12-01',
  createdAt: '2026-11-20T13:00:00.000Z',
  updatedAt: '2026-11-20T13:00:00.000Z',
  items: [
    {
      materialItem: { _id: 'm1', id: 'm1', name: 'Papel A4', unit: 'Resma', category: 'Papelaria' },
      quantity: 10,
      observation: 'branco',
    },
  ],
  justification: 'Estoque acabou.',
  observations: '',
  reviewComments: '',
  reviewedBy: null,
  reviewedAt: null,
  history: [
    {
      from: null,
      to: 'pending',
      userName: 'Otávio Reis',
      userDepartment: 'Infraestrutura',
      reviewComments: '',
      date: '2026-11-20T13:00:00.000Z',
    },
  ],
  allowedTransitions: ['approved', 'rejected'],
};

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PurchaseOrderDetailsModal orderId="o1" onClose={jest.fn()} />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Detalhes do Pedido #PED-2026-00007' });
const buttonNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('PurchaseOrderDetailsModal', () => {
  beforeEach(() => {
    stubBrowser();
    jest.clearAllMocks();
  });

  it('shows the order and exactly the transitions the server allows this user', async () => {
    details.mockResolvedValueOnce(ORDER);
    renderModal();
    const modal = await dialog();
    expect(within(modal).getByText('Papel A4')).toBeTruthy();
    expect(within(modal).getByText('10 Resma')).toBeTruthy();
    expect(within(modal).getByText('01/12/2026')).toBeTruthy();
    expect(within(modal).getByText('Alta')).toBeTruthy();
    expect(within(modal).getByText(/R\$\s1\.234,50/)).toBeTruthy();
    expect(within(modal).getByText('Pedido criado (Pendente)')).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Ações do pedido' });
    expect(buttonNames(actions)).toEqual(['Aprovar', 'Rejeitar']);
  });

  it('sends the chosen transition with the comment and shows what the server answers next', async () => {
    details.mockResolvedValue(ORDER);
    const approved: PurchaseOrderView = {
      ...ORDER,
      status: 'approved',
      reviewComments: 'Dentro do orçamento.',
      reviewedBy: { _id: 'r1', name: 'Paula Souza' },
      allowedTransitions: ['ordered'],
    };
    changeStatus.mockResolvedValueOnce({ message: 'Status do pedido atualizado com sucesso!', order: approved });
    renderModal();
    const modal = await dialog();
    await userEvent.type(within(modal).getByLabelText('Comentários (opcional)'), ' Dentro do orçamento. ');
    await userEvent.click(within(modal).getByRole('button', { name: 'Aprovar' }));
    expect(changeStatus).toHaveBeenCalledWith('o1', { status: 'approved', reviewComments: 'Dentro do orçamento.' });
    expect(await within(modal).findByRole('button', { name: 'Marcar como Pedido Feito' })).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('shows no action area to a caller without transitions, and the server message when loading fails', async () => {
    details.mockResolvedValueOnce({ ...ORDER, allowedTransitions: [] });
    const { unmount } = renderModal();
    await dialog();
    expect(screen.queryByRole('region', { name: 'Ações do pedido' })).toBeNull();
    unmount();

    details.mockRejectedValueOnce(new HttpError(404, 'Not Found', { serverMessage: 'Pedido não encontrado.' }));
    renderModal();
    expect(await screen.findByText('Pedido não encontrado.', { selector: '.error-banner__message' })).toBeTruthy();
  });
});
