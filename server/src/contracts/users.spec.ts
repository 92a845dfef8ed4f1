import { changeEmailRequestSchema, updateProfileRequestSchema } from './profile';
import { createUserRequestSchema, updateUserRequestSchema, USER_MESSAGES } from './users';
import { ACCOUNT_MESSAGES, parseContract } from './validation-messages';

const user = { username: ' Ana.Souza ', name: ' Ana Souza ', email: ' ana@cidade.test ', department: 'Jurídico' };

describe('user requests (docs/accounts.md#validation)', () => {
  it('create: trims, lower-cases the username, and an empty phone is none', () => {
    expect(parseContract(createUserRequestSchema, { ...user, phone: ' ' })).toEqual({
      ok: true,
      data: { username: 'ana.souza', name: 'Ana Souza', email: 'ana@cidade.test', department: 'Jurídico', phone: null },
    });
  });

  it.each(['username', 'name', 'email', 'department'])(
    'create: %s missing, null or blank asks for the required fields',
    (field) => {
      for (const value of [undefined, null, '  ']) {
        expect(parseContract(createUserRequestSchema, { ...user, [field]: value })).toMatchObject({
          ok: false,
          message: USER_MESSAGES.requiredFields,
          path: [field],
        });
      }
    },
  );

  it('create: keeps the texts of the malformed fields', () => {
    const bad = (extra: object) => parseContract(createUserRequestSchema, { ...user, ...extra });
    expect(bad({ email: 'sem-arroba' })).toMatchObject({ message: USER_MESSAGES.invalidEmail });
    expect(bad({ email: 42 })).toMatchObject({ message: USER_MESSAGES.invalidEmail });
    expect(bad({ username: 'á' })).toMatchObject({ message: USER_MESSAGES.invalidUsername });
    expect(bad({ role: 'root' })).toMatchObject({ message: 'Perfil inválido.' });
    expect(bad({ level: 'Diretor' })).toMatchObject({ message: 'Nível hierárquico inválido.' });
    expect(bad({ name: 5 })).toMatchObject({ message: 'O campo "name" deve ser um texto.' });
    expect(bad({ phone: '9'.repeat(31) })).toMatchObject({
      message: 'O campo "phone" excede o tamanho máximo permitido.',
    });
  });

  it('update: absent keeps a field, null on a required one names it, null or empty clears the phone', () => {
    expect(parseContract(updateUserRequestSchema, {})).toEqual({ ok: true, data: {} });
    expect(parseContract(updateUserRequestSchema, { phone: null })).toEqual({ ok: true, data: { phone: null } });
    expect(parseContract(updateUserRequestSchema, { phone: '' })).toEqual({ ok: true, data: { phone: null } });
    for (const field of ['name', 'email', 'department']) {
      expect(parseContract(updateUserRequestSchema, { [field]: null })).toMatchObject({
        ok: false,
        message: USER_MESSAGES.cannotClear(field),
      });
    }
    expect(parseContract(updateUserRequestSchema, { name: '' })).toMatchObject({
      message: USER_MESSAGES.requiredFields,
    });
    expect(parseContract(updateUserRequestSchema, { username: 'outro' })).toMatchObject({
      message: 'O campo "username" não é permitido.',
    });
  });
});

describe('profile requests (docs/accounts.md#validation)', () => {
  it('a display name null or empty clears it; the name cannot be removed', () => {
    expect(parseContract(updateProfileRequestSchema, { displayName: null })).toEqual({
      ok: true,
      data: { displayName: null },
    });
    expect(parseContract(updateProfileRequestSchema, { displayName: ' ' })).toEqual({
      ok: true,
      data: { displayName: null },
    });
    for (const name of [null, ' ', 3]) {
      expect(parseContract(updateProfileRequestSchema, { name })).toMatchObject({
        message: ACCOUNT_MESSAGES.fullNameRequired,
      });
    }
  });

  it('preferences: partial, with their own texts and unknown fields named', () => {
    expect(parseContract(updateProfileRequestSchema, { preferences: { notifications: { email: false } } })).toEqual({
      ok: true,
      data: { preferences: { notifications: { email: false } } },
    });
    const bad = (preferences: unknown) => parseContract(updateProfileRequestSchema, { preferences });
    expect(bad([])).toMatchObject({ message: 'As preferências são inválidas.' });
    expect(bad({ theme: 'blue' })).toMatchObject({ message: 'Tema inválido: use light, dark ou system.' });
    expect(bad({ notifications: 'on' })).toMatchObject({ message: 'As preferências de notificação são inválidas.' });
    expect(bad({ notifications: { sms: true } })).toMatchObject({
      message: 'O campo "preferences.notifications.sms" não é permitido.',
    });
  });

  it('e-mail change: password first, then the new address', () => {
    const change = (body: object) => parseContract(changeEmailRequestSchema, body);
    expect(change({ newEmail: 'a@b.test' })).toMatchObject({ message: ACCOUNT_MESSAGES.passwordRequired });
    expect(change({ password: 'x' })).toMatchObject({ message: ACCOUNT_MESSAGES.newEmailRequired });
    expect(change({ password: 'x', newEmail: 'sem-arroba' })).toMatchObject({ message: ACCOUNT_MESSAGES.invalidEmail });
    expect(
      change({
        password: 'x',
        newEmail: ` ${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(20)}.test `,
      }),
    ).toMatchObject({
      message: 'O e-mail deve ter no máximo 200 caracteres.',
    });
    expect(change({ password: 'x', newEmail: ' Nova@Cidade.test ' })).toEqual({
      ok: true,
      data: { password: 'x', newEmail: 'Nova@Cidade.test' },
    });
  });
});
