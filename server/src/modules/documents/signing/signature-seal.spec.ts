import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalJson, isSealValid, sealSignature, type SealedFields } from './signature-seal';
import { GENERATED_KEY_FILE, loadSigningKey } from '#server/domain/signing/signing-key';

const fields: SealedFields = {
  id: '7d1f6a52-0c55-4c4e-9d1e-0b7e3f7e2a11',
  documentId: 'a3c1e7b0-5f7d-4a59-8a8e-1d2c3b4a5f60',
  signerId: '0f4b3a2c-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
  signerName: 'Maria Silva',
  signerDepartment: 'Administração',
  signedAt: new Date('2026-11-22T10:00:00.123Z'),
  signatureType: 'simple',
  certificateType: 'password',
  hashAlgorithm: 'SHA-256',
  hashValue: 'a'.repeat(64),
  signedLength: null,
  certificate: null,
};

describe('signature seal', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-key-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes canonical JSON with sorted keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"e":null,"f":1}]},"b":1}',
    );
  });

  it('generates a key once under STORAGE_DIR/keys with mode 0600 and reuses it', async () => {
    const first = loadSigningKey({ STORAGE_DIR: dir });
    const second = loadSigningKey({ STORAGE_DIR: dir });
    expect(second.keyId).toBe(first.keyId);
    const info = await stat(path.join(dir, 'keys', GENERATED_KEY_FILE));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('accepts SIGNING_PRIVATE_KEY as PEM or base64 DER and refuses other key types', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    expect(loadSigningKey({ STORAGE_DIR: dir, SIGNING_PRIVATE_KEY: pem }).keyId).toBe(
      loadSigningKey({ STORAGE_DIR: dir, SIGNING_PRIVATE_KEY: der }).keyId,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadSigningKey({ STORAGE_DIR: dir, SIGNING_PRIVATE_KEY: rsa.toString() })).toThrow(/Ed25519/);
    expect(() => loadSigningKey({ STORAGE_DIR: dir, SIGNING_PRIVATE_KEY: 'lixo' })).toThrow(/inválida/);
  });

  it('verifies an intact record and rejects any changed field or another key', () => {
    const key = loadSigningKey({ STORAGE_DIR: dir });
    const row = { ...fields, ...sealSignature(key, fields) };
    expect(isSealValid(key, row)).toBe(true);
    expect(isSealValid(key, { ...row, signerName: 'Outra Pessoa' })).toBe(false);
    expect(isSealValid(key, { ...row, hashValue: 'b'.repeat(64) })).toBe(false);
    expect(isSealValid(key, { ...row, signedAt: new Date('2026-11-22T10:00:01.123Z') })).toBe(false);
    const other = loadSigningKey({
      STORAGE_DIR: dir,
      SIGNING_PRIVATE_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    });
    expect(isSealValid(other, row)).toBe(false);
  });
});
