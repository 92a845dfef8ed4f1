/** @jest-environment jsdom */
import { PURCHASE_ORDER_MESSAGES } from '@contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@/lib/http';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { CreateMaterialModal } from './CreateMaterialModal';

jest.mock('../api/purchase-orders-api', () => ({ purchaseOrdersApi: { createMaterial: jest.fn() } }));
const createMaterial = jest.mocked(purchaseOrdersApi.createMaterial);

function renderModal(onClose = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateMaterialModal isOpen onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Criar Novo Material' }) };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillValid(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/Nome/), ' Papel A4 ');
  await choose(dialog, 'Unidade', 'Resma');
  await choose(dialog, 'Categoria', 'Papelaria');
}

describe('CreateMaterialModal', () => {
  beforeEach(() => {
    stubBrowser();
    jest.clearAllMocks();
  });

  it('refuses empty required fields without calling the server', async () => {
    const { dialog, onClose } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Material' }));
    expect(await within(dialog).findByText(PURCHASE_ORDER_MESSAGES.materialFieldsRequired)).toBeTruthy();
    expect(createMaterial).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed material and closes once the server accepts it', async () => {
    createMaterial.mockResolvedValueOnce({ message: 'Material criado com sucesso!' } as never);
    const { dialog, onClose } = renderModal();
    await fillValid(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Material' }));
    expect(createMaterial).toHaveBeenCalledWith(
      { name: 'Papel A4', description: '', unit: 'Resma', category: 'Papelaria', isActive: true },
      expect.anything(),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('keeps the form open with the server message when creation fails', async () => {
    createMaterial.mockRejectedValueOnce(
      new HttpError(409, 'Conflict', { serverMessage: 'Já existe um material com este nome.' }),
    );
    const { dialog, onClose } = renderModal();
    await fillValid(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Material' }));
    expect(await within(dialog).findByText('Já existe um material com este nome.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
