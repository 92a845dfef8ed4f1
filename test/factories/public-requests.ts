import { createHash } from 'node:crypto';
import { type Challenge, type DeriveKeyFunction, solveChallenge } from 'altcha/lib';
import { api } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import type { TestSmtpServer } from '#test/setup/smtp-server';

/** A CPF with valid check digits. */
export const VALID_CPF = '529.982.247-25';

/**
 * altcha's `sha.deriveKey` (the chained SHA-256 the widget computes), hashed synchronously: the same keys
 * without a WebCrypto round trip per iteration, ~20× faster. The server still verifies with altcha's own.
 */
const chainedSha: DeriveKeyFunction = async ({ algorithm, cost, keyLength = 32 }, salt, password) => {
  const hashName = algorithm.replace('-', '').toLowerCase();
  let key = Buffer.concat([salt, password]);
  for (let i = 0; i < Math.max(1, cost); i++) key = createHash(hashName).update(key).digest().subarray(0, keyLength);
  return { parameters: {}, derivedKey: new Uint8Array(key) };
};

/** A fresh challenge from the server, solved as the page's widget does: the base64 payload. */
export async function solvedChallenge(url: string): Promise<string> {
  const { status, body: challenge } = await api<Challenge>(url, 'GET', '/public/challenge');
  if (status !== 200) throw new Error(`desafio: ${status}`);
  const solution = await solveChallenge({ challenge, deriveKey: chainedSha });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Asks for a confirmation code for `email` (from `ip`) and reads it from the e-mail the worker sent. */
export async function mailedCode(url: string, smtp: TestSmtpServer, email: string, ip: string): Promise<string> {
  const before = smtp.to(email).length;
  const res = await api(url, 'POST', '/public/email-codes', { body: { email }, headers: { 'x-forwarded-for': ip } });
  if (res.status !== 202) throw new Error(`código: ${res.status} ${JSON.stringify(res.body)}`);
  const codeIn = (text: string) => /código de confirmação é: (\d{6})/.exec(text)?.[1];
  const mailed = () =>
    smtp
      .to(email)
      .slice(before)
      .find((mail) => codeIn(mail.text));
  await eventually(() => mailed() !== undefined, 'o e-mail com o código');
  return codeIn(mailed()!.text)!;
}

export interface FilingFile {
  name: string;
  type: string;
  content: Uint8Array;
}

/** The multipart body of POST /public/requests. */
export function filingForm(fields: Record<string, string>, files: FilingFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.content], { type: file.type }), file.name);
  return form;
}

/** A minimal real PDF and PNG for attachments. */
export const SMALL_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SMALL_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
