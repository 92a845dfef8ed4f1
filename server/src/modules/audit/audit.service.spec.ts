import { redactSecrets } from './audit.service';

describe('redactSecrets', () => {
  it('drops secret-looking keys at any depth and keeps the rest', () => {
    expect(
      redactSecrets({
        username: 'maria',
        password: 'x',
        nested: { newPassword: 'y', token: 'z', keep: 1, list: [{ passwordHash: 'h', ok: true }] },
      }),
    ).toEqual({ username: 'maria', nested: { keep: 1, list: [{ ok: true }] } });
  });
});
