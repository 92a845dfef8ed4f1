import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentView } from '#server/contracts/documents';
import type { Level, Role } from '#server/contracts/users';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login, type RunningServer } from '#test/setup/app';

export type Session = Awaited<ReturnType<typeof login>>;

/** [key, name, department, level, role] of a person a signature test signs in. */
export type PersonSeed = readonly [string, string, string, Level, Role];

/** Creates and signs in each person as `<key>.<suffix>`: their sessions by key. */
export async function signInPeople(
  server: RunningServer,
  seeds: readonly PersonSeed[],
  suffix: string,
): Promise<Record<string, Session>> {
  const sessions: Record<string, Session> = {};
  for (const [key, name, department, level, role] of seeds) {
    await createUser(server.dataSource, { username: `${key}.${suffix}`, name, department, level, role });
    sessions[key] = await login(server.url, `${key}.${suffix}`, TEST_PASSWORD);
  }
  return sessions;
}

/**
 * A process sent to Financeiro by `processOwner` and a document of `author`'s linked to it
 * (`document` and `process` add fields to the requests).
 */
export async function createLinkedDocument(
  server: RunningServer,
  people: { processOwner: Session; author: Session },
  title: string,
  extra: { document?: Record<string, unknown>; process?: Record<string, unknown> } = {},
): Promise<{ processId: string; doc: DocumentView }> {
  const process = await createProcessViaApi(server.url, people.processOwner.token, {
    subject: `Contratação ${title}`,
    destinationDepartment: 'Financeiro',
    ...extra.process,
  });
  const doc = await api<DocumentView>(server.url, 'POST', '/documents', {
    token: people.author.token,
    body: { title, content: 'Cláusula primeira.', processId: process.id, ...extra.document },
  });
  if (doc.status !== 201) throw new Error(`documento não criado: ${doc.status} ${JSON.stringify(doc.body)}`);
  return { processId: process.id, doc: doc.body };
}

/** The form of a qualified signature with an A1 certificate (PKCS#12) and its password. */
export function qualifiedSignatureForm(p12: Buffer, password: string, fileName = 'certificado.p12'): FormData {
  const form = new FormData();
  form.set('signatureType', 'qualified');
  form.set('certificateType', 'certificate');
  form.set('certificatePassword', password);
  form.set('certificate', new Blob([p12]), fileName);
  return form;
}

/**
 * Saves into `dir` a PDF of a document's public verification (`pdf`: the stamped copy, `file`: the
 * signed file), checking it answers 200 with a PDF.
 */
export async function downloadVerifiedPdf(
  serverUrl: string,
  dir: string,
  verification: { id: string; code: string; route: 'pdf' | 'file' },
  name: string,
): Promise<string> {
  const res = await fetch(
    `${serverUrl}/api/documents/${verification.id}/verify/${verification.code}/${verification.route}`,
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(dir, name);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return file;
}
