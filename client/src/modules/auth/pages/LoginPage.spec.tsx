/** @jest-environment jsdom */
import type { LoginResponse } from '@contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@/lib/http';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { authApi } from '../api/auth-api';
import { startSession } from '../session';
import LoginPage from './LoginPage';

const mockNavigate = jest.fn();
jest.mock('wouter', () => ({ useLocation: () => ['/login', mockNavigate] }));
jest.mock('../api/auth-api', () => ({ authApi: { login: jest.fn() } }));
jest.mock('../session', () => ({ startSession: jest.fn() }));

const login = jest.mocked(authApi.login);

const REPLY = {
  token: 'access-token',
  user: { id: 'u1', username: 'maria.souza', name: 'Maria Souza' },
  requirePasswordChange: false,
} as unknown as LoginResponse;

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });
const enter = () => userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

describe('LoginPage', () => {
  beforeEach(() => {
    stubBrowser();
    jest.clearAllMocks();
  });

  it('asks for both fields and calls nobody while they are empty', async () => {
    render(<LoginPage />);
    await enter();
    expect(screen.getByText('Informe o usuário.')).toBeTruthy();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(field('Usuário').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();

    await userEvent.type(field('Usuário'), 'maria.souza');
    await enter();
    expect(screen.queryByText('Informe o usuário.')).toBeNull();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('sends the typed credentials (user name trimmed), starts the session and opens the dashboard', async () => {
    login.mockResolvedValueOnce(REPLY);
    render(<LoginPage />);
    await userEvent.type(field('Usuário'), '  maria.souza ');
    await userEvent.type(field('Senha'), ' s3nha forte');
    await enter();
    expect(login).toHaveBeenCalledWith({ username: 'maria.souza', password: ' s3nha forte' });
    expect(startSession).toHaveBeenCalledWith(REPLY);
    expect(mockNavigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it("shows the server's message when the login is refused and lets the user try again", async () => {
    login.mockRejectedValueOnce(new HttpError(401, 'Unauthorized', { serverMessage: 'Credenciais inválidas' }));
    render(<LoginPage />);
    await userEvent.type(field('Usuário'), 'maria.souza');
    await userEvent.type(field('Senha'), 'errada');
    await enter();
    expect(screen.getByRole('alert').textContent).toContain('Credenciais inválidas');
    expect(startSession).not.toHaveBeenCalled();
    expect(mockNavigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Entrar' }).hasAttribute('disabled')).toBe(false);
  });
});
