import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '#server/config/env';

/** The server key that seals signature records (Ed25519). */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** First 16 hex digits of the SHA-256 of the public key (SPKI DER): names the key in each record. */
  keyId: string;
}

export const GENERATED_KEY_FILE = 'document-signing-ed25519.pem';

/**
 * SIGNING_PRIVATE_KEY (PEM or base64 PKCS#8 DER) when set; otherwise (development and tests only,
 * production refuses to boot without it) a key generated once and kept at STORAGE_DIR/keys with
 * mode 0600, so server and worker instances sharing the storage agree on it.
 */
export function loadSigningKey(env: Pick<Env, 'SIGNING_PRIVATE_KEY' | 'STORAGE_DIR'>): SigningKey {
  const privateKey = env.SIGNING_PRIVATE_KEY
    ? parsePrivateKey(env.SIGNING_PRIVATE_KEY)
    : readOrCreateKeyFile(path.join(path.resolve(env.STORAGE_DIR), 'keys', GENERATED_KEY_FILE));
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('SIGNING_PRIVATE_KEY deve ser uma chave privada Ed25519.');
  }
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKey, keyId: createHash('sha256').update(spki).digest('hex').slice(0, 16) };
}

function parsePrivateKey(value: string): KeyObject {
  const text = value.trim();
  try {
    if (text.startsWith('-----BEGIN')) return createPrivateKey(text.replace(/\\n/g, '\n'));
    return createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('SIGNING_PRIVATE_KEY inválida: use PEM ou base64 de uma chave PKCS#8 Ed25519.');
  }
}

function readOrCreateKeyFile(file: string): KeyObject {
  try {
    return createPrivateKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  try {
    // 'wx': if another process created it first, keep theirs.
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return createPrivateKey(readFileSync(file, 'utf8'));
}
