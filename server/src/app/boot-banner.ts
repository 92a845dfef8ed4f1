import type { FirstAdmin } from './initial-admin';

/** Lines inside a box drawn with line characters, for the few facts a person must not miss in a terminal. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '═'.repeat(width + 2);
  return [`╔${bar}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${bar}╝`].join('\n');
}

/** What the first boot shows on a terminal: where SEMGI is and how the administrator signs in. */
export function firstBootBanner(url: string, { generatedPassword }: FirstAdmin): string {
  return framed([
    'SEMGI: primeiro acesso',
    '',
    `Endereço:          ${url}`,
    'Usuário:           admin',
    generatedPassword ? `Senha temporária:  ${generatedPassword}` : 'Senha temporária:  a de INITIAL_ADMIN_PASSWORD',
    '',
    'A senha é exibida só agora; a troca é obrigatória no primeiro login.',
  ]);
}
