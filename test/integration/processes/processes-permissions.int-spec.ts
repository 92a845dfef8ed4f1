import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD, type UserSeed } from '#test/factories/users';
import { createProcessViaApi, pid } from '#test/factories/processes';
import type { ProcessListResponse, ProcessView } from '#server/contracts/processes';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const NOT_FOUND = { statusCode: 404, message: 'Processo não encontrado.' };
const NOT_ACTING = 'Apenas administradores ou usuários do setor atual do processo podem realizar esta ação.';

type Role = 'admin' | 'creator' | 'access' | 'sameDept' | 'other' | 'gabinete';
const ROLES: Role[] = ['admin', 'creator', 'access', 'sameDept', 'other', 'gabinete'];

/**
 * A confidential process created by `creator` (Administração) for Infraestrutura, with `access`
 * (Financeiro) on its list, against six callers: who sees it, who may act, who gets 404.
 */
describe('processes: roles × actions × confidentiality', () => {
  const { server } = useServerSuite();
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;

  beforeAll(async () => {
    const specs: Record<Role, UserSeed & { username: string }> = {
      admin: { username: 'm.admin', department: 'Jurídico', role: 'admin' },
      creator: { username: 'm.creator', department: 'Administração' },
      access: { username: 'm.access', department: 'Financeiro' },
      sameDept: { username: 'm.infra', department: 'Infraestrutura', level: 'Chefia' },
      other: { username: 'm.other', department: 'Jurídico' },
      gabinete: { username: 'm.gab', department: 'Gabinete' },
    };
    for (const role of ROLES) {
      ids[role] = (await createUser(server.dataSource, specs[role])).id;
      tokens[role] = (await login(server.url, specs[role].username, TEST_PASSWORD)).token;
    }
  });

  const newConfidential = async () =>
    createProcessViaApi(server.url, tokens.creator, {
      subject: 'Apuração disciplinar sigilosa',
      confidential: true,
      confidentialAccess: [ids.access],
    });

  it('a confidential process exists only for admin, creator and the access list', async () => {
    const process = await newConfidential();
    const open = await createProcessViaApi(server.url, tokens.creator, { subject: 'Processo público' });
    const visibleTo: Role[] = ['admin', 'creator', 'access'];
    for (const role of ROLES) {
      const sees = visibleTo.includes(role);
      const details = await api<ProcessView>(server.url, 'GET', `/processes/${pid(process.id)}`, {
        token: tokens[role],
      });
      expect([role, details.status]).toEqual([role, sees ? 200 : 404]);
      if (!sees) expect(details.body).toMatchObject(NOT_FOUND);

      const list = await api<ProcessListResponse>(server.url, 'GET', '/processes', { token: tokens[role] });
      const listed = list.body.data.processes.map((p) => p.id);
      expect([role, listed.includes(process.id)]).toEqual([role, sees]);
      expect(listed).toContain(open.id);
      expect(list.body.data.total).toBe(sees ? 2 : 1);

      const search = await api<ProcessListResponse>(server.url, 'GET', '/processes?q=disciplinar', {
        token: tokens[role],
      });
      expect([role, search.body.data.total]).toEqual([role, sees ? 1 : 0]);

      const stats = await api(server.url, 'GET', '/processes/stats', { token: tokens[role] });
      expect([role, stats.body.data.total]).toEqual([role, sees ? 2 : 1]);

      const protocols = await api(server.url, 'GET', '/protocol', { token: tokens[role] });
      expect([role, protocols.status]).toEqual([role, 200]);
    }
    // Even acting users of the current department get 404 on every action.
    for (const [method, path, body] of [
      ['POST', 'forward', { destinationDepartment: 'Gabinete', comment: 'x' }],
      ['POST', 'response-simple', { response: 'x' }],
      ['POST', 'finalize', { finalResponse: 'x' }],
      ['PATCH', 'toggle-confidential', { confidential: false }],
    ] as const) {
      for (const role of ['sameDept', 'gabinete'] as const) {
        const res = await api(server.url, method, `/processes/${pid(process.id)}/${path}`, {
          token: tokens[role],
          body,
        });
        expect([role, path, res.status, res.body.message]).toEqual([role, path, 404, NOT_FOUND.message]);
      }
    }
    const del = await api(server.url, 'DELETE', `/processes/${pid(process.id)}`, { token: tokens.other });
    expect(del.status).toBe(403);
  });

  it('attachments of a confidential process are served only to who may see it', async () => {
    const process = await newConfidential();
    const form = new FormData();
    form.append('file', new Blob([PDF]), 'laudo.pdf');
    // The access-list user is not of the current department: may see, may not act.
    const refused = await api(server.url, 'POST', `/processes/${pid(process.id)}/documents`, {
      token: tokens.access,
      body: form,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_ACTING);
    const attached = await api(server.url, 'POST', `/processes/${pid(process.id)}/documents`, {
      token: tokens.admin,
      body: form,
    });
    expect(attached.status).toBe(201);
    expect(attached.body.message).toBe('Documento adicionado com sucesso!');
    const path = attached.body.process.documents[0].path as string;
    for (const role of ROLES) {
      const res = await fetch(`${server.url}/api${path}?token=${tokens[role]}`);
      expect([role, res.status]).toEqual([role, ['admin', 'creator', 'access'].includes(role) ? 200 : 404]);
      await res.arrayBuffer();
    }
    const none = await api(server.url, 'POST', `/processes/${pid(process.id)}/documents`, {
      token: tokens.admin,
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Por favor, selecione um arquivo para anexar.');
  });

  it('respond/forward/finalize: admin or current department only, with the spec messages', async () => {
    const process = await createProcessViaApi(server.url, tokens.creator);
    const id = pid(process.id);
    for (const role of ['creator', 'other', 'gabinete', 'access'] as const) {
      for (const [path, body] of [
        ['forward', { destinationDepartment: 'Gabinete', comment: 'x' }],
        ['response-simple', { response: 'x' }],
        ['finalize', { finalResponse: 'x' }],
      ] as const) {
        const res = await api(server.url, 'POST', `/processes/${id}/${path}`, { token: tokens[role], body });
        expect([role, path, res.status, res.body.message]).toEqual([role, path, 403, NOT_ACTING]);
      }
    }
    const incomplete = await api(server.url, 'POST', `/processes/${id}/forward`, {
      token: tokens.sameDept,
      body: { destinationDepartment: 'Gabinete', comment: '  ' },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe('Por favor, preencha todos os campos para encaminhar o processo.');
    const noDest = await api(server.url, 'POST', `/processes/${id}/forward`, {
      token: tokens.sameDept,
      body: { comment: 'x' },
    });
    expect(noDest.body.message).toBe('Por favor, preencha todos os campos para encaminhar o processo.');
    const same = await api(server.url, 'POST', `/processes/${id}/forward`, {
      token: tokens.sameDept,
      body: { destinationDepartment: 'Infraestrutura', comment: 'x' },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('O setor de destino deve ser diferente do setor atual.');
    const ghost = await api(server.url, 'POST', `/processes/${id}/forward`, {
      token: tokens.sameDept,
      body: { destinationDepartment: 'Inexistente', comment: 'x' },
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('Departamento "Inexistente" não existe.');
    const empty = await api(server.url, 'POST', `/processes/${id}/response-simple`, {
      token: tokens.sameDept,
      body: { response: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Por favor, adicione uma resposta.');
    const noNote = await api(server.url, 'POST', `/processes/${id}/finalize`, {
      token: tokens.sameDept,
      body: { finalResponse: '' },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('Por favor, adicione uma observação final.');

    const answered = await api(server.url, 'POST', `/processes/${id}/response-simple`, {
      token: tokens.sameDept,
      body: { response: 'Equipe agendada.' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.process.history.at(-1)).toMatchObject({ action: 'Resposta adicionada' });
    const finalized = await api(server.url, 'POST', `/processes/${id}/finalize`, {
      token: tokens.sameDept,
      body: { finalResponse: 'Reparo concluído.' },
    });
    expect(finalized.status).toBe(200);
    expect(finalized.body.process.status).toBe('concluído');
  });

  it('confidentiality: admin or Gabinete edit; off clears the list; on needs a user', async () => {
    const process = await createProcessViaApi(server.url, tokens.creator);
    const id = pid(process.id);
    for (const role of ['creator', 'sameDept', 'other'] as const) {
      const res = await api(server.url, 'PATCH', `/processes/${id}/toggle-confidential`, {
        token: tokens[role],
        body: { confidential: true, confidentialAccess: [ids.access] },
      });
      expect([role, res.status, res.body.message]).toEqual([
        role,
        403,
        'Apenas administradores ou usuários do Gabinete podem alterar o sigilo do processo.',
      ]);
    }
    const empty = await api(server.url, 'PATCH', `/processes/${id}/toggle-confidential`, {
      token: tokens.gabinete,
      body: { confidential: true, confidentialAccess: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('É necessário selecionar pelo menos um usuário para acesso ao processo sigiloso.');

    const on = await api<{ process: ProcessView }>(server.url, 'PATCH', `/processes/${id}/toggle-confidential`, {
      token: tokens.gabinete,
      body: { confidential: true, confidentialAccess: [ids.access, ids.gabinete] },
    });
    expect(on.status).toBe(200);
    expect(on.body.process.confidential).toBe(true);
    expect([...on.body.process.confidentialAccess].sort()).toEqual([ids.access, ids.gabinete].sort());
    expect((await api(server.url, 'GET', `/processes/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await api(server.url, 'GET', `/processes/${id}`, { token: tokens.sameDept })).status).toBe(404);

    const off = await api<{ process: ProcessView }>(server.url, 'PATCH', `/processes/${id}/toggle-confidential`, {
      token: tokens.admin,
      body: { confidential: false, confidentialAccess: [ids.access] },
    });
    expect(off.status).toBe(200);
    expect(off.body.process).toMatchObject({ confidential: false, confidentialAccess: [] });
    expect((await api(server.url, 'GET', `/processes/${id}`, { token: tokens.other })).status).toBe(200);
  });

  it('confidentiality: a Gabinete user may protect a process without being on its access list', async () => {
    const process = await createProcessViaApi(server.url, tokens.creator, { subject: 'Denúncia anônima' });
    const id = pid(process.id);
    const on = await api<{ message: string; process: ProcessView | null }>(
      server.url,
      'PATCH',
      `/processes/${id}/toggle-confidential`,
      { token: tokens.gabinete, body: { confidential: true, confidentialAccess: [ids.access] } },
    );
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      message:
        'Acesso sigiloso atualizado com sucesso! Você não está na lista de acesso e não verá mais este processo.',
      process: null,
    });
    // The change held (no rollback): hidden from Gabinete, visible to the access list.
    expect((await api(server.url, 'GET', `/processes/${id}`, { token: tokens.gabinete })).status).toBe(404);
    const seen = await api<ProcessView>(server.url, 'GET', `/processes/${id}`, { token: tokens.access });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ confidential: true, confidentialAccess: [ids.access] });
  });

  it('delete: admin only; afterwards the process is gone', async () => {
    const process = await createProcessViaApi(server.url, tokens.creator);
    const id = pid(process.id);
    for (const role of ['creator', 'sameDept', 'gabinete'] as const) {
      const res = await api(server.url, 'DELETE', `/processes/${id}`, { token: tokens[role] });
      expect([role, res.status, res.body.message]).toEqual([
        role,
        403,
        'Apenas administradores podem excluir processos.',
      ]);
    }
    const del = await api(server.url, 'DELETE', `/processes/${id}`, { token: tokens.admin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Processo excluído com sucesso!');
    expect((await api(server.url, 'GET', `/processes/${id}`, { token: tokens.admin })).body).toMatchObject(NOT_FOUND);
    const events = await server.dataSource.query(
      `SELECT type FROM outbox_events WHERE payload->>'processId' = $1 ORDER BY id`,
      [process.id],
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual(['process.created', 'process.deleted']);
  });

  it('malformed ids answer 400 with a pt-BR message', async () => {
    for (const bad of ['abc', '52402.012075%2F2022-29', '..%2F..%2Fetc', '52402.012075-2022-28']) {
      const res = await api(server.url, 'GET', `/processes/${bad}`, { token: tokens.admin });
      expect([bad, res.status, res.body.message]).toEqual([bad, 400, 'Número de processo inválido.']);
    }
    const fwd = await api(server.url, 'POST', '/processes/xyz/forward', {
      token: tokens.admin,
      body: { destinationDepartment: 'Gabinete', comment: 'x' },
    });
    expect(fwd.status).toBe(400);
    const valid = await api(server.url, 'GET', `/processes/${pid('52402.012075/2022-28')}`, { token: tokens.admin });
    expect(valid.status).toBe(404);
  });
});
