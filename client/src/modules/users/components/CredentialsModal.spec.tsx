/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { CredentialsModal, PASSWORD_SENT_BY_EMAIL } from './CredentialsModal';

describe('CredentialsModal', () => {
  beforeEach(() => stubBrowser());

  it('without mail: shows the temporary password once, with the warning', () => {
    render(
      <CredentialsModal
        credentials={{ name: 'Ana Souza', username: 'ana.souza', tempPassword: 'Abc#1234xyz9' }}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByTestId('credentials-password').textContent).toContain('Abc#1234xyz9');
    expect(screen.getByRole('note').textContent).toContain('Esta senha é exibida apenas uma vez.');
  });

  it('e-mailed: says the password went to the user, and shows no password', () => {
    render(
      <CredentialsModal
        credentials={{ name: 'Ana Souza', username: 'ana.souza', tempPassword: null }}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Usuário Criado com Sucesso' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(PASSWORD_SENT_BY_EMAIL);
    expect(screen.getByTestId('credentials-username').textContent).toContain('ana.souza');
    expect(screen.queryByTestId('credentials-password')).toBeNull();
  });
});
