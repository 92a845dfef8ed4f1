import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { loadEnv } from '#server/config/env';
import { ExpiringKeys } from '#server/coordination/expiring-keys';
import { filesDirectory, temporaryDirectory } from '#server/domain/files/storage-paths';
import {
  PUBLIC_REQUEST_MESSAGES as M,
  type PublicRequestResponse,
  type PublicTrackingResponse,
} from '#server/contracts/index';
import type { ProcessListResponse, ProcessView } from '#server/contracts/processes';
import { CODES_PER_EMAIL_PER_HOUR } from '#server/modules/public-requests/email-codes.service';
import { createProcessViaApi, pid } from '#test/factories/processes';
import {
  type FilingFile,
  filingForm,
  mailedCode,
  SMALL_PDF,
  SMALL_PNG,
  solvedChallenge,
  VALID_CPF,
} from '#test/factories/public-requests';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { eventually, hold } from '#test/setup/eventually';
import { TRUSTING_LOOPBACK_PROXY, useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

const run = promisify(execFile);

/** docs/processes.md#online-filing: a citizen files a request without an account. */
describe('online filing (POST /public/requests)', () => {
  const smtp = new TestSmtpServer();
  const mail = smtpSuite(smtp, { PUBLIC_URL: 'https://semgi.prefeitura.test' });
  const { server } = useServerSuite({
    worker: true,
    before: async () => {
      await TRUSTING_LOOPBACK_PROXY.before!();
      await mail.before();
    },
    after: async () => {
      await mail.after();
      await TRUSTING_LOOPBACK_PROXY.after!();
    },
  });
  let dir: string;
  let nextIp = 1;
  /** Each test files from its own client address, so the per-address limits of one never reach another. */
  const freshIp = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-solicitacao-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const fields = (email: string, emailCode: string, altcha: string, extra: Record<string, string> = {}) => ({
    name: 'Joana Cidadã',
    cpf: VALID_CPF,
    email,
    emailCode,
    phone: '(11) 98888-1234',
    subject: 'Buraco na Rua das Acácias',
    description: 'Há um buraco grande em frente ao número 45.',
    altcha,
    ...extra,
  });
  const file = (form: FormData, ip: string) =>
    api<PublicRequestResponse & { message?: string }>(server.url, 'POST', '/public/requests', {
      body: form,
      headers: { 'x-forwarded-for': ip },
    });

  /** Row counts and files on disk: what a refused filing must leave as it found. */
  async function stored() {
    const [row]: Record<string, number>[] = await server.dataSource.query(`
      SELECT (SELECT count(*) FROM processes)::int AS processes,
             (SELECT count(*) FROM external_requesters)::int AS requesters,
             (SELECT count(*) FROM stored_files)::int AS files,
             (SELECT count(*) FROM process_documents)::int AS documents`);
    // Where uploads land: streamed to tmp/, moved to files/ (the worker writes other things, such as
    // its signing key, elsewhere under STORAGE_DIR at its own pace).
    const storage = loadEnv().STORAGE_DIR;
    const listed = async (dir: string) => (await readdir(dir, { recursive: true }).catch(() => [])).length;
    const onDisk = (await listed(filesDirectory(storage))) + (await listed(temporaryDirectory(storage)));
    return { ...row, onDisk };
  }

  it('files a request: process in Protocolo with the citizen as requester, code and receipt by e-mail', async () => {
    const ip = freshIp();
    const email = 'joana@cidade.test';
    const code = await mailedCode(server.url, smtp, email, ip);
    const codeMail = smtp.to(email)[0];
    expect(codeMail.subject).toBe(`SEMGI: código de confirmação ${code}`);
    expect(codeMail.text).toContain('Ele vale por 15 minutos.');

    const files: FilingFile[] = [
      { name: 'foto.png', type: 'image/png', content: SMALL_PNG },
      { name: 'requerimento.pdf', type: 'application/pdf', content: SMALL_PDF },
    ];
    const res = await file(filingForm(fields(email, code, await solvedChallenge(server.url)), files), ip);
    expect(res.status).toBe(201);
    expect(res.body.number).toMatch(/^\d{5}\.\d{6}\/\d{4}-\d{2}$/);
    expect(res.body.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    await createUser(server.dataSource, { username: 'prot.recepcao', department: 'Protocolo' });
    const staff = await login(server.url, 'prot.recepcao', TEST_PASSWORD);
    const list = await api<ProcessListResponse>(server.url, 'GET', '/processes', { token: staff.token });
    expect(list.body.data.processes.map((p) => p.id)).toContain(res.body.number);
    const view = (
      await api<ProcessView>(server.url, 'GET', `/processes/${pid(res.body.number)}`, { token: staff.token })
    ).body;
    expect(view.currentDepartment).toBe('Protocolo');
    expect(view.accessCode).toBe(res.body.code);
    expect(view.requester).toMatchObject({
      type: 'external',
      name: 'Joana Cidadã',
      document: VALID_CPF,
      email,
      phone: '(11) 98888-1234',
    });
    expect(view.documents.map((d) => d.name).sort()).toEqual(['foto.png', 'requerimento.pdf']);

    const tracked = await api<PublicTrackingResponse>(server.url, 'POST', '/public/tracking', {
      body: { number: res.body.number, code: res.body.code },
    });
    expect(tracked.status).toBe(200);
    expect(tracked.body.currentDepartment).toBe('Protocolo');

    // The code works once: the same code again is refused.
    const again = await file(filingForm(fields(email, code, await solvedChallenge(server.url))), ip);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.codeWrong);

    await eventually(() => smtp.to(email).some((m) => m.subject.includes('comprovante')), 'o comprovante');
    const receiptMail = smtp.to(email).find((m) => m.subject.includes('comprovante'))!;
    expect(receiptMail.subject).toBe(`SEMGI: comprovante de protocolo ${res.body.number}`);
    expect(receiptMail.text).toContain(`Código de acesso: ${res.body.code}`);
    expect(receiptMail.text).not.toContain('buraco grande');
    const [pdf] = receiptMail.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    const pdfFile = path.join(dir, 'comprovante.pdf');
    await writeFile(pdfFile, pdf.content);
    const { stdout: text } = await run('pdftotext', ['-layout', pdfFile, '-']);
    for (const expected of [res.body.number, 'Buraco na Rua das Acácias', 'Protocolo', 'Joana Cidadã', res.body.code]) {
      expect(text).toContain(expected);
    }
    await run('pdftoppm', ['-png', '-r', '100', '-singlefile', pdfFile, path.join(dir, 'pagina')]);
    const png = PNG.sync.read(await readFile(path.join(dir, 'pagina.png')));
    const qr = new URL(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data);
    expect(`${qr.origin}${qr.pathname}`).toBe('https://semgi.prefeitura.test/semgi/consulta');
    expect(qr.searchParams.get('numero')).toBe(res.body.number);
    expect(qr.searchParams.get('codigo')).toBe(res.body.code);
  });

  it('files an access-to-information request with updates by e-mail: the LAI clock, the opt-in kept', async () => {
    const ip = freshIp();
    const email = 'lai@cidade.test';
    const code = await mailedCode(server.url, smtp, email, ip);
    const extra = { requestType: 'lai', emailUpdates: 'true' };
    const res = await file(filingForm(fields(email, code, await solvedChallenge(server.url), extra)), ip);
    expect(res.status).toBe(201);
    await createUser(server.dataSource, { username: 'prot.esic', department: 'Gabinete', role: 'admin' });
    const staff = await login(server.url, 'prot.esic', TEST_PASSWORD);
    const view = (
      await api<ProcessView>(server.url, 'GET', `/processes/${pid(res.body.number)}`, { token: staff.token })
    ).body;
    expect(view.requestType).toBe('lai');
    expect(view.deadline).not.toBeNull();
    expect(view.requester).toMatchObject({ type: 'external', email, emailUpdates: true });
    // Anything but a request type is refused, nothing stored.
    const before = await stored();
    const bad = await file(
      filingForm(fields(email, '000000', await solvedChallenge(server.url), { requestType: 'urgente' })),
      freshIp(),
    );
    expect(bad.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('requires the proof of work, verifies it and refuses a replayed one', async () => {
    const ip = freshIp();
    const email = 'replay@cidade.test';
    const code = await mailedCode(server.url, smtp, email, ip);
    const before = await stored();

    const missing = await file(filingForm({ ...fields(email, code, ''), altcha: '' }), ip);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(M.challengeRequired);

    const solved = await solvedChallenge(server.url);
    const payload = JSON.parse(Buffer.from(solved, 'base64').toString()) as { solution: { counter: number } };
    payload.solution.counter += 1;
    const forged = await file(
      filingForm(fields(email, code, Buffer.from(JSON.stringify(payload)).toString('base64'))),
      ip,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(M.challengeRefused);
    const garbage = await file(filingForm(fields(email, code, 'bm90IGpzb24=')), ip);
    expect(garbage.status).toBe(400);
    expect(await stored()).toEqual(before);

    const first = await file(filingForm(fields(email, code, solved)), ip);
    expect(first.status).toBe(201);
    const otherCode = await mailedCode(server.url, smtp, email, ip);
    const replayed = await file(filingForm(fields(email, otherCode, solved)), ip);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe(M.challengeRefused);
  });

  describe('bad input → pt-BR 4xx, nothing stored', () => {
    let email = '';
    beforeEach(() => {
      email = `erro-${nextIp}@cidade.test`;
    });

    async function expectRefused(
      build: (code: string, altcha: string) => Promise<FormData> | FormData,
      status: number,
      message: string,
    ) {
      const ip = freshIp();
      const code = await mailedCode(server.url, smtp, email, ip);
      const before = await stored();
      const res = await file(await build(code, await solvedChallenge(server.url)), ip);
      expect({ status: res.status, body: JSON.stringify(res.body) }).toEqual({
        status,
        body: expect.stringContaining(message) as string,
      });
      expect(await stored()).toEqual(before);
    }

    it('invalid CPF', () =>
      expectRefused(
        (code, altcha) => filingForm(fields(email, code, altcha, { cpf: '529.982.247-24' })),
        400,
        M.cpfInvalid,
      ));

    it('e-mail not confirmed (no code was asked for it)', () =>
      expectRefused(
        (_code, altcha) => filingForm(fields('nunca-pediu@cidade.test', '123456', altcha)),
        400,
        M.codeWrong,
      ));

    it('expired code', () =>
      expectRefused(
        async (code, altcha) => {
          // The live code again, now with one second to live, in whichever coordination backend runs.
          const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
          await server.app.get(ExpiringKeys).set(`email-code:${sha256(email)}`, sha256(`${email}:${code}`), 1);
          await hold(1100);
          return filingForm(fields(email, code, altcha));
        },
        400,
        M.codeWrong,
      ));

    it('6 attachments', () =>
      expectRefused(
        (code, altcha) =>
          filingForm(
            fields(email, code, altcha),
            Array.from({ length: 6 }, (_, i) => ({
              name: `anexo-${i}.pdf`,
              type: 'application/pdf',
              content: SMALL_PDF,
            })),
          ),
        400,
        M.tooManyFiles,
      ));

    it('an HTML file renamed .pdf', () =>
      expectRefused(
        (code, altcha) =>
          filingForm(fields(email, code, altcha), [
            {
              name: 'documento.pdf',
              type: 'application/pdf',
              content: new TextEncoder().encode('<html><body><script>alert(1)</script></body></html>'),
            },
          ]),
        415,
        M.fileType,
      ));

    it('a 30 MB file', () =>
      expectRefused(
        (code, altcha) => {
          const big = new Uint8Array(30 * 1024 * 1024);
          big.set(SMALL_PDF);
          return filingForm(fields(email, code, altcha), [
            { name: 'grande.pdf', type: 'application/pdf', content: big },
          ]);
        },
        413,
        'Arquivo grande demais',
      ));

    it('a wrong code, and no more tries after five', async () => {
      const ip = freshIp();
      const code = await mailedCode(server.url, smtp, email, ip);
      const wrong = code === '000000' ? '000001' : '000000';
      const before = await stored();
      for (let i = 0; i < 5; i++) {
        const res = await file(filingForm(fields(email, wrong, await solvedChallenge(server.url))), ip);
        expect(res.body.message).toBe(M.codeWrong);
      }
      const locked = await file(filingForm(fields(email, code, await solvedChallenge(server.url))), ip);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Muitas tentativas com códigos errados/);
      expect(await stored()).toEqual(before);
    });
  });

  it('e-mail codes: the same reply for any address, a bad address is 400, limits per address', async () => {
    const ip = freshIp();
    const send = (email: string, from = ip) =>
      api(server.url, 'POST', '/public/email-codes', { body: { email }, headers: { 'x-forwarded-for': from } });
    const one = await send('alguem@cidade.test');
    const other = await send('ninguem@outra.test');
    expect(one.status).toBe(202);
    expect(other).toMatchObject({ status: one.status, body: one.body });
    expect((await send('não é e-mail')).status).toBe(400);
    for (let i = 0; i < CODES_PER_EMAIL_PER_HOUR; i++) {
      expect((await send('limite@cidade.test', freshIp())).status).toBe(202);
    }
    const limited = await send('limite@cidade.test', freshIp());
    expect(limited.status).toBe(429);
    expect((limited.body as { message: string }).message).toMatch(/^Muitos códigos pedidos/);
  });

  it('staff creating a process for a citizen with an e-mail also mails the receipt (docs/processes.md#receipts-and-tracking)', async () => {
    await createUser(server.dataSource, { username: 'prot.balcao', department: 'Administração' });
    const staff = await login(server.url, 'prot.balcao', TEST_PASSWORD);
    const email = 'balcao@cidade.test';
    const created = await createProcessViaApi(server.url, staff.token, {
      isNewRequester: true,
      requester: { name: 'Carlos Balcão', document: VALID_CPF, phone: '(11) 3333-4444', email },
    });
    await eventually(() => smtp.to(email).length === 1, 'o comprovante');
    const [receipt] = smtp.to(email);
    expect(receipt.subject).toBe(`SEMGI: comprovante de protocolo ${created.id}`);
    expect(receipt.text).toContain(created.accessCode!);
    expect(receipt.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('the receiving department is an admin setting; filings then arrive there', async () => {
    await createUser(server.dataSource, { username: 'prot.admin', department: 'Gabinete', role: 'admin' });
    await createUser(server.dataSource, { username: 'prot.comum', department: 'Jurídico' });
    const admin = await login(server.url, 'prot.admin', TEST_PASSWORD);
    const plain = await login(server.url, 'prot.comum', TEST_PASSWORD);
    const route = '/settings/public-filing';
    expect((await api(server.url, 'GET', route, { token: admin.token })).body).toEqual({
      receivingDepartment: 'Protocolo',
    });
    expect((await api(server.url, 'GET', route, { token: plain.token })).status).toBe(403);
    const put = (receivingDepartment: string, token = admin.token) =>
      api(server.url, 'PUT', route, { token, body: { receivingDepartment } });
    expect((await put('Jurídico', plain.token)).status).toBe(403);
    const unknown = await put('Setor Inexistente');
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toBe(M.departmentNotFound);
    expect((await put('Jurídico')).body).toEqual({ receivingDepartment: 'Jurídico' });

    const ip = freshIp();
    const email = 'juridico@cidade.test';
    const code = await mailedCode(server.url, smtp, email, ip);
    const res = await file(filingForm(fields(email, code, await solvedChallenge(server.url))), ip);
    expect(res.status).toBe(201);
    const view = await api<ProcessView>(server.url, 'GET', `/processes/${pid(res.body.number)}`, {
      token: plain.token,
    });
    expect(view.body.currentDepartment).toBe('Jurídico');
  });
});
