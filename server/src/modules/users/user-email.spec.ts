import { EMAIL_PATTERN } from '#server/contracts/users';

/**
 * The contracts' e-mail check accepts what class-validator's isEmail accepted (validator.js, default
 * options) when the users' DTOs moved to zod: both lists below are the answers isEmail gave.
 */
describe('EMAIL_PATTERN', () => {
  const accepted = [
    'ana@prefeitura.test',
    'Ana.Souza@Prefeitura.Gov.BR',
    'a@b.co',
    'joao+protocolo@camara.sp.gov.br',
    "o'neil@cidade.test",
    'x!#$%&*/=?^_`{|}~-@cidade.test',
    'joão@prefeitura.test',
    'ana@préfeitura.test',
    'ana@cidade.xn--p1ai',
    'ana@sub-dominio.cidade.test',
    'ana@1cidade.test',
    `${'a'.repeat(64)}@cidade.test`,
    `ana@${'a'.repeat(63)}.test`,
  ];
  const refused = [
    'sem-arroba',
    '@cidade.test',
    'ana@',
    'ana@cidade',
    'ana@cidade.t',
    'ana@cidade.123',
    'ana@cidade.test.',
    'ana..souza@cidade.test',
    '.ana@cidade.test',
    'ana.@cidade.test',
    'ana souza@cidade.test',
    'ana@cidade .test',
    'ana@-cidade.test',
    'ana@cidade-.test',
    'ana@ci_dade.test',
    'ana@[127.0.0.1]',
    'ana@127.0.0.1',
    'ana@cidade.ｔｅｓｔ',
    'ana@cidade.te st',
    'Ana <ana@cidade.test>',
    'ana@cidade@test.com',
    'ana@cidade.xn--',
    `${'a'.repeat(65)}@cidade.test`,
    `ana@${'a'.repeat(64)}.test`,
    `ana@${'abcdefghi.'.repeat(25)}test`,
  ];

  it.each(accepted)('accepts %s, as isEmail did', (address) => {
    expect([address, EMAIL_PATTERN.test(address)]).toEqual([address, true]);
  });

  it.each(refused)('refuses %s, as isEmail did', (address) => {
    expect([address, EMAIL_PATTERN.test(address)]).toEqual([address, false]);
  });
});
