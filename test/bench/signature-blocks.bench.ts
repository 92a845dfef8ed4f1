import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
import type { LoginResponse } from '#server/contracts/auth';
import type { DocumentView } from '#server/contracts/documents';
import type { SignatureBlockView, SignBlockResponse } from '#server/contracts/signature-blocks';
import { hashPassword } from '#server/modules/auth/passwords';
import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { type Bench, type BenchRow, loadRows, percentile, row } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';
import { type ForkedWorker, forkWorker } from './bench-worker';

/**
 * Signing through the whole server (HTTP, argon2, PostgreSQL, storage): one simple signature (p95
 * of SINGLE_SIGNATURES, goal ≤ 300 ms), a 50-document simple block (goal ≤ 5 s) and a 20-document
 * PAdES block of text documents, each rendered to PDF by the worker (its own process) and given its
 * own PAdES signature (goal ≤ 15 s); with the machine's load beside each figure.
 */
const SINGLE_SIGNATURES = 30;
const SIMPLE_BLOCK = 50;
const PADES_BLOCK = 20;
const PASSWORD = 'bench-senha-1';
const CERTIFICATE_PASSWORD = 'bench-cert-1';

async function run(): Promise<BenchRow[]> {
  const suite = 'signature-blocks';
  const environment = await createBenchEnvironment();
  const app = await createServerApp();
  let worker: ForkedWorker | undefined;
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    worker = forkWorker();
    await worker.ready;
    const dataSource = app.get<DataSource>(getDataSourceToken());
    await dataSource.query(
      `INSERT INTO users (username, name, email, department, role, level, password_hash, must_change_password)
       VALUES ('bench.secretaria', 'Secretária Bench', 'bench.secretaria@prefeitura.test', 'Administração',
               'operator', 'Chefia', $1, false)`,
      [await hashPassword(PASSWORD)],
    );
    const loginRes = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.secretaria', password: PASSWORD }),
    });
    const { token, user } = (await loginRes.json()) as LoginResponse;
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const form = body instanceof FormData;
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
        body: form ? body : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const documents = async (count: number, prefix: string) => {
      const ids: string[] = [];
      for (let i = 1; i <= count; i++) {
        const doc = await call<DocumentView>('POST', '/documents', {
          title: `${prefix} ${i}/2026`,
          content: `Art. 1º ${'Fica determinado o disposto neste ato. '.repeat(20)}\nArt. 2º Esta portaria entra em vigor na data de sua publicação.`,
        });
        ids.push(doc.id);
      }
      return ids;
    };
    const block = async (name: string, ids: string[]) =>
      (await call<SignatureBlockView>('POST', '/signature-blocks', { name, documentIds: ids, signers: [user.id] })).id;
    const timed = async <T>(fn: () => Promise<T>) => {
      const start = process.hrtime.bigint();
      const result = await fn();
      return { result, elapsed: Number(process.hrtime.bigint() - start) / 1e6 };
    };
    const password = { signatureType: 'simple', certificateType: 'password', password: PASSWORD };
    const rows: BenchRow[] = [];

    // One simple signature, document after document (the first few warm the pools up).
    const singles = await documents(SINGLE_SIGNATURES + 3, 'Ofício');
    rows.push(...loadRows(suite, 'antes da assinatura simples'));
    const samples: number[] = [];
    for (const [i, id] of singles.entries()) {
      const { elapsed } = await timed(() => call('POST', `/documents/${id}/sign`, password));
      if (i >= 3) samples.push(elapsed);
    }
    rows.push(
      row(suite, `1 assinatura simples mediana (${SINGLE_SIGNATURES})`, 'ms', percentile(samples, 50)),
      row(suite, `1 assinatura simples p95 (${SINGLE_SIGNATURES})`, 'ms', percentile(samples, 95), { atMost: 300 }),
    );

    const simpleDocuments = await documents(SIMPLE_BLOCK, 'Portaria');
    // Created in one transaction: every document's signing flow, the block and its notifications.
    const created = await timed(() => block('Atos simples', simpleDocuments));
    const simpleId = created.result;
    rows.push(row(suite, `criação do bloco de ${SIMPLE_BLOCK} documentos (uma transação)`, 'ms', created.elapsed));
    rows.push(...loadRows(suite, 'antes do bloco simples'));
    const simple = await timed(() => call<SignBlockResponse>('POST', `/signature-blocks/${simpleId}/sign`, password));
    rows.push(
      ...blockRows(suite, `bloco de ${SIMPLE_BLOCK} documentos, assinatura simples`, simple, SIMPLE_BLOCK, 5000),
    );

    const ca = createDemoCa();
    const p12 = issueDemoA1(ca, { name: 'Secretária Bench', password: CERTIFICATE_PASSWORD });
    const padesId = await block('Atos qualificados', await documents(PADES_BLOCK, 'Decreto'));
    const form = new FormData();
    form.set('signatureType', 'qualified');
    form.set('certificateType', 'certificate');
    form.set('certificatePassword', CERTIFICATE_PASSWORD);
    form.set('certificate', new Blob([p12]), 'certificado.p12');
    rows.push(...loadRows(suite, 'antes do bloco PAdES'));
    const pades = await timed(() => call<SignBlockResponse>('POST', `/signature-blocks/${padesId}/sign`, form));
    rows.push(
      ...blockRows(
        suite,
        `bloco de ${PADES_BLOCK} documentos, PAdES (texto → PDF no worker)`,
        pades,
        PADES_BLOCK,
        15000,
      ),
      ...loadRows(suite, 'no fim'),
    );
    return rows;
  } finally {
    await worker?.stop();
    await app.close();
    await environment.dispose();
  }
}

/** The block's time against its goal, and how many of its documents were signed (all of them). */
function blockRows(
  suite: string,
  what: string,
  run: { result: SignBlockResponse; elapsed: number },
  expected: number,
  goalMs: number,
): BenchRow[] {
  return [
    row(suite, what, 'ms', run.elapsed, { atMost: goalMs }),
    row(suite, `${what}: documentos assinados`, '', run.result.signed, { equals: expected }),
  ];
}

export const signatureBlocksBench: Bench = { name: 'signature-blocks', run };
