import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** prev_hash of the first row ever sealed. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Columns of a row as the chain hashes them: `created_at` as UTC text with microseconds (what
 * PostgreSQL stores, which a JS Date would round), `details` as parsed JSON.
 */
export const CHAIN_ROW_COLUMNS = `
  id, seq::text AS seq, prev_hash AS "prevHash", hash,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
  action, entity_type AS "entityType", entity_id AS "entityId", description, user_id AS "userId",
  username, user_department AS "userDepartment", status, ip_address AS "ipAddress", details`;

export interface ChainRow {
  id: string;
  /** bigint as text (node-postgres returns int8 as a string). */
  seq: string | null;
  prevHash: string | null;
  hash: string | null;
  createdAt: string;
  action: string;
  entityType: string;
  entityId: string | null;
  description: string;
  userId: string | null;
  username: string | null;
  userDepartment: string | null;
  status: string;
  ipAddress: string | null;
  details: unknown;
}

/** hash = SHA-256(prev hash ‖ RFC 8785 canonical JSON of the row, its seq included), as hex. */
export function chainHash(prevHash: string, row: ChainRow, seq: string): string {
  const content = canonicalJson({
    seq,
    id: row.id,
    createdAt: row.createdAt,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    description: row.description,
    userId: row.userId,
    username: row.username,
    userDepartment: row.userDepartment,
    status: row.status,
    ipAddress: row.ipAddress,
    details: row.details ?? null,
  });
  return createHash('sha256').update(prevHash).update(content).digest('hex');
}
