import { createPublicKey, sign, verify } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SigningKey } from '#server/domain/signing/signing-key';
import { canonicalJson } from './canonical-json';

/** A signed statement "the chain's row `seq` has hash `hash`": anchors verification and purges. */
export interface AuditCheckpoint {
  seq: string;
  hash: string;
  reason: 'periodic' | 'retention';
  keyId: string;
  createdAt: string;
  /** Ed25519 over the canonical JSON of the other fields, base64. */
  signature: string;
  /** SPKI PEM of the key, so a copy off the database can be checked alone. */
  publicKey?: string;
}

const signedPart = (c: Pick<AuditCheckpoint, 'seq' | 'hash' | 'reason' | 'keyId' | 'createdAt'>) =>
  Buffer.from(canonicalJson({ seq: c.seq, hash: c.hash, reason: c.reason, keyId: c.keyId, createdAt: c.createdAt }));

export function checkpointSignatureValid(checkpoint: AuditCheckpoint, key: Pick<SigningKey, 'publicKey'>): boolean {
  try {
    return verify(null, signedPart(checkpoint), key.publicKey, Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    return false;
  }
}

const checkpointDir = (storageDir: string) => path.join(path.resolve(storageDir), 'audit-checkpoints');

/**
 * The checkpoint copies under STORAGE_DIR/audit-checkpoints/: the anchor outside the database, so
 * someone who can only rewrite the database cannot take back what a checkpoint already signed.
 * A file that is not a checkpoint's JSON is returned as `unreadable` (the verifier names it).
 */
export async function readCheckpointFiles(
  storageDir: string,
): Promise<{ checkpoints: AuditCheckpoint[]; unreadable: string[] }> {
  const dir = checkpointDir(storageDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const checkpoints: AuditCheckpoint[] = [];
  const unreadable: string[] = [];
  for (const name of names) {
    try {
      const parsed = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as AuditCheckpoint;
      if (typeof parsed.seq !== 'string' || typeof parsed.hash !== 'string') throw new Error('not a checkpoint');
      checkpoints.push(parsed);
    } catch {
      unreadable.push(name);
    }
  }
  return { checkpoints, unreadable };
}

export const CHECKPOINT_COLUMNS = `seq::text AS seq, hash, reason, key_id AS "keyId",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt", signature`;

/** Signs "row `head.seq` has hash `head.hash`" at `createdAt` (the database's clock). */
export function signCheckpoint(
  key: SigningKey,
  head: { seq: string; hash: string },
  reason: AuditCheckpoint['reason'],
  createdAt: string,
): AuditCheckpoint {
  const unsigned = { seq: head.seq, hash: head.hash, reason, keyId: key.keyId, createdAt };
  return {
    ...unsigned,
    signature: sign(null, signedPart(unsigned), key.privateKey).toString('base64'),
    publicKey: createPublicKey(key.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Writes the copy of a stored checkpoint to STORAGE_DIR/audit-checkpoints/ (temporary file renamed
 * into place), which an operator can copy off the database server.
 */
export async function writeCheckpointFile(storageDir: string, checkpoint: AuditCheckpoint): Promise<void> {
  const dir = checkpointDir(storageDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `checkpoint-${checkpoint.seq.padStart(12, '0')}-${checkpoint.reason}.json`);
  await writeFile(`${file}.part`, `${JSON.stringify(checkpoint, null, 2)}\n`);
  await rename(`${file}.part`, file);
}
