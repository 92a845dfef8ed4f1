import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '#server/config/env';
import { loadSigningKey } from '#server/domain/signing/signing-key';

const envExample = readFileSync(join(__dirname, '..', '..', '..', '.env.example'), 'utf8');

/** The shell command documented right after `Make one with:` above `name=` in .env.example. */
function recipeFor(name: string): string {
  const block = envExample.slice(0, envExample.indexOf(`\n${name}=`));
  const match = /Make one with:\n#\s+(.+)\s*$/.exec(block);
  if (!match) throw new Error(`.env.example não documenta como gerar ${name}`);
  return match[1].trim();
}

/** Runs each recipe of .env.example as an operator would and feeds the result to the server. */
describe('.env.example recipes', () => {
  it('makes a SIGNING_PRIVATE_KEY the server accepts', () => {
    const key = execFileSync('bash', ['-c', recipeFor('SIGNING_PRIVATE_KEY')], { encoding: 'utf8' }).trim();
    const loaded = loadSigningKey({ SIGNING_PRIVATE_KEY: key, STORAGE_DIR: '/nonexistent' });
    expect(loaded.privateKey.asymmetricKeyType).toBe('ed25519');
  });

  it('makes a JWT_SECRET the server accepts, and ships none', () => {
    expect(/^JWT_SECRET=$/m.test(envExample)).toBe(true);
    const secret = execFileSync('bash', ['-c', recipeFor('JWT_SECRET')], { encoding: 'utf8' }).trim();
    expect(loadEnv({ JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
  });
});
