import type { AuditChainBreakKind, AuditChainReport } from '#server/contracts/audit';
import type { SigningKey } from '#server/domain/signing/signing-key';
import { type AuditCheckpoint, checkpointSignatureValid, readCheckpointFiles } from './audit-checkpoint';
import { type ChainRow, chainHash, GENESIS_HASH } from './audit-hash';

/** What the verifier reads of the database (AuditChainRepository.reader). */
export interface AuditChainReader {
  unsealedCount(): Promise<number>;
  /** The table's checkpoints in seq order. */
  checkpoints(): Promise<AuditCheckpoint[]>;
  /** At most `limit` sealed rows after `seq`, in seq order. */
  sealedAfter(seq: string, limit: number): Promise<(ChainRow & { seq: string })[]>;
}

const BATCH = 2000;

/** Sealed rows in seq order, read in keyset batches (constant memory on millions of rows). */
async function* sealedRows(chain: AuditChainReader): AsyncGenerator<ChainRow & { seq: string }, void> {
  let after = '0';
  for (;;) {
    const rows = await chain.sealedAfter(after, BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].seq;
  }
}

type Break = NonNullable<AuditChainReport['break']>;
const broken = (
  kind: AuditChainBreakKind,
  row: { seq: string | null; id: string | null } | null,
  message: string,
): Break => ({
  kind,
  seq: row?.seq ? Number(row.seq) : null,
  id: row?.id ?? null,
  message,
});

/**
 * Walks the chain in seq order and names the first break. Each sealed row stores prev_hash and
 * hash; a row is intact when its prev_hash is the previous row's hash (link) and
 * hash = SHA-256(prev_hash ‖ canonical JSON) (content). When a link is broken the neighbours tell
 * what happened: the next row links to the previous one (this row was inserted), this row links to
 * the one before the previous (the previous was inserted), the two rows link crosswise (swapped),
 * otherwise rows are missing (deleted; named by the seq gap). Signed checkpoints must match the row
 * at their seq; the oldest remaining row must follow a checkpoint when older rows were purged.
 * Checkpoints are read from the table and from their copies under `storageDir` (README › Audit
 * log): deleting the table's rows does not make the chain they signed rewritable. The report
 * gives the size of the tail no checkpoint covers yet.
 */
export async function verifyAuditChain(
  chain: AuditChainReader,
  key: Pick<SigningKey, 'publicKey'>,
  storageDir: string,
): Promise<AuditChainReport> {
  const unsealed = await chain.unsealedCount();
  const report: AuditChainReport = {
    ok: true,
    checkedRows: 0,
    firstSeq: null,
    lastSeq: null,
    unsealedRows: unsealed,
    tailRows: unsealed,
    checkpointsVerified: 0,
    break: null,
  };
  const fail = (b: Break) => ({ ...report, ok: false, break: b });

  const stored = await chain.checkpoints();
  const files = await readCheckpointFiles(storageDir);
  if (files.unreadable.length > 0) {
    return fail(broken('checkpoint', null, `Cópia ilegível do ponto de verificação: ${files.unreadable[0]}.`));
  }
  const checkpoints = uniqueCheckpoints([...stored, ...files.checkpoints]);
  const bySeq = new Map<string, AuditCheckpoint[]>();
  for (const checkpoint of checkpoints) {
    if (!checkpointSignatureValid(checkpoint, key)) {
      return fail(
        broken('checkpoint', null, `Assinatura inválida no ponto de verificação da sequência ${checkpoint.seq}.`),
      );
    }
    bySeq.set(checkpoint.seq, [...(bySeq.get(checkpoint.seq) ?? []), checkpoint]);
  }

  const rows = sealedRows(chain);
  const pull = async () => (await rows.next()).value ?? null;
  let cur = await pull();
  let next = await pull();
  let prevHash = GENESIS_HASH;
  let prevSeq = 0n;
  let beforePrevHash: string | null = null;
  let prevRow: ChainRow | null = null;

  if (cur && cur.seq !== '1') {
    const anchorSeq = (BigInt(cur.seq) - 1n).toString();
    const anchor = bySeq.get(anchorSeq)?.[0];
    if (!anchor) {
      return fail(
        broken(
          'deleted',
          cur,
          `Registros de sequência 1 a ${anchorSeq} ausentes, sem ponto de verificação que os justifique.`,
        ),
      );
    }
    prevHash = anchor.hash;
    prevSeq = BigInt(anchorSeq);
    report.checkpointsVerified += 1;
  }
  report.firstSeq = cur ? Number(cur.seq) : null;

  while (cur) {
    if (cur.prevHash !== prevHash) {
      if (next && next.prevHash === prevHash && cur.prevHash === next.hash) {
        return fail(broken('swapped', cur, `Registros de sequência ${cur.seq} e ${next.seq} trocados de posição.`));
      }
      if (next && next.prevHash === prevHash) {
        return fail(broken('inserted', cur, `Registro de sequência ${cur.seq} inserido fora da cadeia.`));
      }
      if (prevRow && beforePrevHash !== null && cur.prevHash === beforePrevHash) {
        return fail(broken('inserted', prevRow, `Registro de sequência ${prevRow.seq} inserido fora da cadeia.`));
      }
      const expected = prevSeq + 1n;
      const gap = BigInt(cur.seq) > expected;
      const last = BigInt(cur.seq) - 1n;
      return fail(
        broken(
          'deleted',
          { seq: expected.toString(), id: null },
          gap
            ? `Registro${last > expected ? `s de sequência ${expected} a ${last}` : ` de sequência ${expected}`} removido${last > expected ? 's' : ''}.`
            : `Registro removido antes da sequência ${cur.seq} (sequências renumeradas).`,
        ),
      );
    }
    if (chainHash(prevHash, cur, cur.seq) !== cur.hash || BigInt(cur.seq) !== prevSeq + 1n) {
      return fail(broken('edited', cur, `Registro de sequência ${cur.seq} alterado depois de selado.`));
    }
    for (const checkpoint of bySeq.get(cur.seq) ?? []) {
      if (checkpoint.hash !== cur.hash) {
        return fail(
          broken(
            'checkpoint',
            cur,
            `A cadeia até a sequência ${cur.seq} não confere com o ponto de verificação assinado.`,
          ),
        );
      }
      report.checkpointsVerified += 1;
    }
    report.checkedRows += 1;
    report.lastSeq = Number(cur.seq);
    beforePrevHash = prevHash;
    prevHash = cur.hash;
    prevSeq = BigInt(cur.seq);
    prevRow = cur;
    cur = next;
    next = cur ? await pull() : null;
  }

  const newest = checkpoints.at(-1);
  const covered = newest ? BigInt(newest.seq) : 0n;
  if (prevSeq > covered) report.tailRows += Number(prevSeq - covered);
  if (newest && BigInt(newest.seq) > prevSeq) {
    return fail(
      broken(
        'deleted',
        { seq: (prevSeq + 1n).toString(), id: null },
        `Registros de sequência ${prevSeq + 1n} a ${newest.seq} removidos (o ponto de verificação assinado os conhece).`,
      ),
    );
  }
  return report;
}

/** The table's checkpoints and the files' copies, each once (by its signature), in seq order. */
function uniqueCheckpoints(checkpoints: AuditCheckpoint[]): AuditCheckpoint[] {
  const bySignature = new Map(checkpoints.map((c) => [c.signature, c]));
  return [...bySignature.values()].sort((a, b) =>
    BigInt(a.seq) < BigInt(b.seq) ? -1 : BigInt(a.seq) > BigInt(b.seq) ? 1 : 0,
  );
}
