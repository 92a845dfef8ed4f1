import { firstBootBanner, framed } from './boot-banner';

describe('boot banner', () => {
  it('frames every line to the width of the longest', () => {
    expect(framed(['ab', 'abcd'])).toBe(['╔══════╗', '║ ab   ║', '║ abcd ║', '╚══════╝'].join('\n'));
  });

  it('shows the address, the user and the generated password once', () => {
    const banner = firstBootBanner('http://localhost:3005/semgi/', { generatedPassword: 'Xk3-pq9' });
    expect(banner).toContain('║ Endereço:          http://localhost:3005/semgi/');
    expect(banner).toContain('║ Usuário:           admin');
    expect(banner).toContain('║ Senha temporária:  Xk3-pq9');
  });

  it('points at INITIAL_ADMIN_PASSWORD when the password came from the environment', () => {
    expect(firstBootBanner('http://x/semgi/', { generatedPassword: undefined })).toContain(
      'Senha temporária:  a de INITIAL_ADMIN_PASSWORD',
    );
  });
});
