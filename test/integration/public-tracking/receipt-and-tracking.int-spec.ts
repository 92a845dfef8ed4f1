import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ProcessMutationResponse, ProcessView } from '#server/contracts/processes';
import {
  PUBLIC_TRACKING_NOT_FOUND,
  publicTrackingResponseSchema,
  type PublicTrackingResponse,
} from '#server/contracts/public-tracking';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);
type Session = Awaited<ReturnType<typeof login>>;

const citizen = (name: string) => ({
  isNewRequester: true,
  requester: { name, document: '529.982.247-25', phone: '(11) 97777-1234' },
});

/** docs/processes.md#receipts-and-tracking: the receipt, the access code and the public tracking. */
describe('protocol receipt and public tracking', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};
  let dir: string;
  let open: ProcessView;
  let secret: ProcessView;

  const track = (number: string, code: string) =>
    api<PublicTrackingResponse>(server.url, 'POST', '/public/tracking', { body: { number, code } });
  const details = async (username: string, id: string) =>
    (await api<ProcessView>(server.url, 'GET', `/processes/${pid(id)}`, { token: s[username].token })).body;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-comprovante-'));
    for (const [username, seed] of [
      ['prot.atend', { department: 'Administração', name: 'Atendente Sigilosa da Silva' }],
      ['prot.infra', { department: 'Infraestrutura' }],
      ['prot.jur', { department: 'Jurídico' }],
    ] as const) {
      await createUser(server.dataSource, { username, ...seed });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
    open = await createProcessViaApi(server.url, s['prot.atend'].token, {
      subject: 'Pedido de poda de árvore',
      description: 'Árvore com galhos sobre a fiação, descrição interna.',
      ...citizen('Marcos Cidadão'),
    });
    secret = await createProcessViaApi(server.url, s['prot.atend'].token, {
      subject: 'Denúncia sigilosa',
      confidential: true,
      confidentialAccess: [s['prot.atend'].user.id],
      ...citizen('Marta Denunciante'),
    });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives a grouped 80-bit code only to processes with an external requester', async () => {
    expect(open.accessCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const internal = await createProcessViaApi(server.url, s['prot.atend'].token, { subject: 'Memorando interno' });
    expect(internal.accessCode).toBeNull();
    const receipt = await api(server.url, 'GET', `/processes/${pid(internal.id)}/receipt`, {
      token: s['prot.atend'].token,
    });
    expect(receipt.status).toBe(404);
    // Stored as a SHA-256 of the code, next to the code users who see the process read back.
    const [row] = await server.dataSource.query<{ hash: string }[]>(
      `SELECT encode(code_hash, 'hex') AS hash FROM process_access_codes WHERE process_id = $1`,
      [open.id],
    );
    expect(row.hash).toHaveLength(64);
  });

  it('prints the receipt: number, subject, department, requester, grouped code and a QR code to the tracking page', async () => {
    const res = await fetch(`${server.url}/api/processes/${pid(open.id)}/receipt`, {
      headers: { authorization: `Bearer ${s['prot.jur'].token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const file = path.join(dir, 'comprovante.pdf');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    for (const expected of [
      'Comprovante de Protocolo',
      open.id,
      'Pedido de poda de árvore',
      'Setor de recebimento: Infraestrutura',
      'Marcos Cidadão',
      open.accessCode!,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('descrição interna');
    await run('pdftoppm', ['-png', '-r', '100', '-singlefile', file, path.join(dir, 'pagina')]);
    const png = PNG.sync.read(await readFile(path.join(dir, 'pagina.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const url = new URL(qr!.data);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/semgi/consulta`);
    expect(url.searchParams.get('numero')).toBe(open.id);
    expect(url.searchParams.get('codigo')).toBe(open.accessCode);
  });

  it('refuses the receipt and the code of a process the caller may not see (404)', async () => {
    for (const [method, route] of [
      ['GET', 'receipt'],
      ['POST', 'access-code'],
    ]) {
      const res = await api(server.url, method, `/processes/${pid(secret.id)}/${route}`, {
        token: s['prot.jur'].token,
      });
      expect(res.status).toBe(404);
    }
    expect((await api(server.url, 'GET', `/processes/${pid(secret.id)}`, { token: s['prot.jur'].token })).status).toBe(
      404,
    );
  });

  it('shows the public facts and movements, and nothing of description, comments or users', async () => {
    const forward = await api(server.url, 'POST', `/processes/${pid(open.id)}/forward`, {
      token: s['prot.infra'].token,
      body: { destinationDepartment: 'Jurídico', comment: 'Comentário interno: parecer sobre o corte' },
    });
    expect(forward.status).toBe(200);
    // Typed with other case, spaces instead of dashes, O for 0 and I for 1: Crockford reading.
    const typed = open.accessCode!.replace(/-/g, ' ').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'i');
    const res = await track(open.id, typed);
    expect(res.status).toBe(200);
    expect(publicTrackingResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({
      number: open.id,
      subject: 'Pedido de poda de árvore',
      status: 'em andamento',
      currentDepartment: 'Jurídico',
      movements: [
        { date: expect.any(String), from: s['prot.atend'].user.department, to: 'Infraestrutura' },
        { date: expect.any(String), from: 'Infraestrutura', to: 'Jurídico' },
      ],
      deadline: null,
    });
    const raw = JSON.stringify(res.body);
    for (const hidden of ['descrição interna', 'Comentário interno', 'Atendente', 'Marcos', 'prot.']) {
      expect(raw).not.toContain(hidden);
    }
  });

  it('answers a confidential process, even with its right code, as an unknown one', async () => {
    const right = await track(secret.id, secret.accessCode!);
    const unknown = await track('99999.999999/2099-99', secret.accessCode!);
    expect(right.status).toBe(404);
    expect(right.body).toEqual({ statusCode: 404, message: PUBLIC_TRACKING_NOT_FOUND, error: 'Not Found' });
    expect(unknown).toMatchObject({ status: right.status, body: right.body });
  });

  it('reissues the code: the old stops working, the history says so without either code', async () => {
    const before = open.accessCode!;
    const res = await api<ProcessMutationResponse>(server.url, 'POST', `/processes/${pid(open.id)}/access-code`, {
      token: s['prot.jur'].token,
    });
    expect(res.status).toBe(200);
    const after = res.body.process.accessCode!;
    expect(after).not.toBe(before);
    expect((await track(open.id, before)).status).toBe(404);
    expect((await track(open.id, after)).status).toBe(200);
    const view = await details('prot.atend', open.id);
    expect(view.accessCode).toBe(after);
    expect(view.history.at(-1)).toMatchObject({ action: 'Código de acesso reemitido' });
    const logged = JSON.stringify([
      view.history,
      await server.dataSource.query(`SELECT description, details FROM audit_logs WHERE entity_id = $1`, [open.id]),
    ]);
    expect(logged).toContain('Código de acesso do processo');
    for (const code of [before, after]) expect(logged).not.toContain(code);
    // Only who may act on the process reissues it (Infraestrutura forwarded it away).
    const outsider = await api(server.url, 'POST', `/processes/${pid(open.id)}/access-code`, {
      token: s['prot.infra'].token,
    });
    expect(outsider.status).toBe(403);
  });

  it('refuses a malformed request with a pt-BR 400', async () => {
    const res = await api(server.url, 'POST', '/public/tracking', { body: { number: open.id } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Informe o código de acesso.' });
  });
});
