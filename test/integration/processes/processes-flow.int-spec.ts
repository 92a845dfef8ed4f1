import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { isValidNup } from '#server/modules/processes/nup';
import type {
  ProcessListResponse,
  ProcessMutationResponse,
  ProcessView,
  ProtocolMutationResponse,
} from '#server/contracts/processes';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A protocol due date a year ahead: it becomes the process deadline, at most 730 days ahead (docs/deadlines.md). */
const DUE = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

describe('processes: creation, forward, response, finalisation', () => {
  const { server } = useServerSuite();
  let operator: string;
  let infra: string;
  let admin: string;

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'ana.adm', department: 'Administração' });
    await createUser(server.dataSource, {
      username: 'caio.infra',
      department: 'Infraestrutura',
      phone: '11 5555-0000',
    });
    await createUser(server.dataSource, { username: 'root.adm', department: 'Administração', role: 'admin' });
    operator = (await login(server.url, 'ana.adm', TEST_PASSWORD)).token;
    infra = (await login(server.url, 'caio.infra', TEST_PASSWORD)).token;
    admin = (await login(server.url, 'root.adm', TEST_PASSWORD)).token;
  });

  it('creates a process with a new external requester, protocol data and attachments (multipart)', async () => {
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        subject: 'Pedido de licença-prêmio',
        description: 'Servidora solicita licença-prêmio referente ao quinquênio 2019-2024.',
        originDepartment: 'Qualquer coisa',
        destinationDepartment: 'Infraestrutura',
        protocolData: { type: 'external', status: 'pending', priority: 'high', dueDate: DUE },
        isNewRequester: true,
        requester: { name: 'José da Silva', document: '123.456.789-09', phone: '(11) 98888-7777' },
      }),
    );
    form.append('attachments', new Blob([PDF], { type: 'application/pdf' }), 'ofício.pdf');
    form.append('attachments', new Blob(['linha 1\n'], { type: 'text/plain' }), 'notas.txt');
    const res = await api<ProcessMutationResponse>(server.url, 'POST', '/processes', { token: operator, body: form });
    expect(res.status).toBe(201);
    const p = res.body.process;
    expect(res.body.message).toBe('Processo criado com sucesso!');
    expect(isValidNup(p.id)).toBe(true);
    expect(p).toMatchObject({
      _id: p.id,
      subject: 'Pedido de licença-prêmio',
      status: 'pendente',
      originDepartment: 'Administração',
      currentDepartment: 'Infraestrutura',
      confidential: false,
      protocol: { type: 'external', status: 'pending', priority: 'high', dueDate: DUE },
      requesterId: null,
      requesterExternal: { name: 'José da Silva', document: '123.456.789-09', phone: '(11) 98888-7777' },
      requester: { type: 'external', name: 'José da Silva' },
      permissions: { canAct: false, canDelete: false },
    });
    expect(p.documents.map((d) => [d.name, d.context, d.size])).toEqual([
      ['ofício.pdf', 'process', PDF.length],
      ['notas.txt', 'process', 8],
    ]);
    expect(p.history.map((h) => h.action)).toEqual(['Processo criado', 'Prazo definido']);
    expect(p.deadline).toMatchObject({ kind: 'process', state: 'on-time' });
    expect(p.history[0]).toMatchObject({ action: 'Processo criado', from: 'Administração', to: 'Infraestrutura' });
    expect(p.history[0].comment).toContain('Anexos: ofício.pdf, notas.txt');

    // The attachment is downloadable by a user who may see the process.
    const file = await fetch(`${server.url}/api${p.documents[0].path}?token=${infra}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);

    // The external requester is now searchable.
    const search = await api(server.url, 'GET', '/requesters/search?query=jose', { token: operator });
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([expect.objectContaining({ name: 'José da Silva' })]);
    const byDigits = await api(server.url, 'GET', '/requesters/search?query=12345678909', { token: operator });
    expect(byDigits.body.data).toHaveLength(1);
    const short = await api(server.url, 'GET', '/requesters/search?query=j', { token: operator });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Digite pelo menos 2 caracteres para buscar.');

    // Protocol list has it too.
    const protocols = await api(server.url, 'GET', '/protocol', { token: operator });
    expect(protocols.body.data.protocols.map((x: { id: string }) => x.id)).toContain(p.id);
  });

  it('forward -> response with attachment -> finalize, then nothing else is accepted', async () => {
    const created = await createProcessViaApi(server.url, operator);
    expect(created.requesterId).toMatchObject({ name: expect.any(String) }); // creator mode by default
    const id = pid(created.id);

    const fwd = await api<ProcessMutationResponse>(server.url, 'POST', `/processes/${id}/forward`, {
      token: infra,
      body: { destinationDepartment: 'Jurídico', comment: 'Parecer jurídico, por favor.', userId: 'x' },
    });
    expect(fwd.status).toBe(200);
    expect(fwd.body.message).toBe('Processo encaminhado com sucesso!');
    expect(fwd.body.process).toMatchObject({ status: 'em andamento', currentDepartment: 'Jurídico' });
    expect(fwd.body.process.history.at(-1)).toMatchObject({
      action: 'Processo encaminhado',
      from: 'Infraestrutura',
      to: 'Jurídico',
      comment: 'Parecer jurídico, por favor.',
    });

    // Infraestrutura is no longer the current department.
    const late = await api(server.url, 'POST', `/processes/${id}/response-simple`, {
      token: infra,
      body: { response: 'ok' },
    });
    expect(late.status).toBe(403);

    const form = new FormData();
    form.append('response', 'Segue parecer.');
    form.append('attachments', new Blob([PDF], { type: 'application/pdf' }), 'parecer.pdf');
    const resp = await api<ProcessMutationResponse>(server.url, 'POST', `/processes/${id}/response-simple`, {
      token: admin,
      body: form,
    });
    expect(resp.status).toBe(200);
    expect(resp.body.process.responses).toHaveLength(1);
    expect(resp.body.process.responses[0]).toMatchObject({ kind: 'response', text: 'Segue parecer.' });
    expect(resp.body.process.responses[0].attachments.map((a) => a.name)).toEqual(['parecer.pdf']);
    expect(resp.body.process.documents.at(-1)).toMatchObject({ name: 'parecer.pdf', context: 'response' });
    expect(resp.body.process.history.at(-1)).toMatchObject({
      action: 'Resposta com anexos adicionada',
      comment: 'Segue parecer.\nAnexos: parecer.pdf',
    });

    const fin = await api<ProcessMutationResponse>(server.url, 'POST', `/processes/${id}/finalize`, {
      token: admin,
      body: { finalResponse: 'Arquivado.' },
    });
    expect(fin.status).toBe(200);
    expect(fin.body.message).toBe('Processo finalizado com sucesso!');
    expect(fin.body.process).toMatchObject({ status: 'concluído', permissions: { canAct: false } });

    for (const [path, body] of [
      ['forward', { destinationDepartment: 'Gabinete', comment: 'x' }],
      ['response-simple', { response: 'x' }],
      ['finalize', { finalResponse: 'x' }],
    ] as const) {
      const res = await api(server.url, 'POST', `/processes/${id}/${path}`, { token: admin, body });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Este processo já foi finalizado e não pode ser alterado.');
    }
    const attach = new FormData();
    attach.append('file', new Blob([PDF]), 'x.pdf');
    const att = await api(server.url, 'POST', `/processes/${id}/documents`, { token: admin, body: attach });
    expect(att.status).toBe(409);

    const details = await api<ProcessView>(server.url, 'GET', `/processes/${id}`, { token: operator });
    expect(details.status).toBe(200);
    expect(details.body.history.map((h) => h.action)).toEqual([
      'Processo criado',
      'Processo encaminhado',
      'Resposta com anexos adicionada',
      'Processo finalizado',
    ]);
  });

  it('lists with filters, pagination and stats', async () => {
    const list = await api<ProcessListResponse>(server.url, 'GET', '/processes?limit=1', { token: operator });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(list.body.data.processes).toHaveLength(1);
    const done = await api<ProcessListResponse>(server.url, 'GET', '/processes?status=concluido', { token: operator });
    expect(done.body.data.processes.map((p) => p.status)).toEqual(['concluído']);
    const text = await api<ProcessListResponse>(server.url, 'GET', '/processes?q=LICENCA', { token: operator });
    expect(text.body.data.processes.map((p) => p.subject)).toEqual(['Pedido de licença-prêmio']);
    const dept = await api<ProcessListResponse>(server.url, 'GET', '/processes?q=jurid', { token: operator });
    expect(dept.body.data.total).toBe(1);
    const stats = await api(server.url, 'GET', '/processes/stats', { token: operator });
    expect(stats.body.data).toEqual({ total: 2, pendente: 1, emAndamento: 0, concluido: 1, cancelado: 0 });
    const bad = await api(server.url, 'GET', '/processes?status=xyz', { token: operator });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status de processo inválido.');
  });

  it('POST /protocol opens the process with its protocol record, defaults applied, same validation', async () => {
    const res = await api<ProtocolMutationResponse>(server.url, 'POST', '/protocol', {
      token: operator,
      body: { subject: ' Pedido de certidão ', description: 'Certidão negativa.', destinationDepartment: 'Financeiro' },
    });
    expect([res.status, res.body.message]).toEqual([201, 'Protocolo registrado com sucesso!']);
    expect(res.body.protocol).toMatchObject({
      subject: 'Pedido de certidão',
      protocol: {
        type: 'internal',
        status: 'pending',
        priority: 'normal',
        dueDate: null,
        subject: 'Pedido de certidão',
      },
    });
    const form = new FormData();
    form.append('data', JSON.stringify({ subject: 'Sem descrição', destinationDepartment: 'Financeiro' }));
    const refused = await api(server.url, 'POST', '/protocol', { token: operator, body: form });
    expect([refused.status, refused.body.message]).toEqual([400, 'A descrição é obrigatória']);
  });
});
