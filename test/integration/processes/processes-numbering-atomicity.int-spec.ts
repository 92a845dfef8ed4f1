import { api, login, type RunningServer } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { isValidNup, parseNup } from '#server/modules/processes/nup';
import type { ProcessMutationResponse } from '#server/contracts/processes';

const count = async (server: RunningServer, sql: string, params: unknown[] = []) =>
  Number((await server.dataSource.query(sql, params))[0].n);

describe('processes: creation validation, numbering and atomicity', () => {
  const { server } = useServerSuite();
  let token: string;
  let userId: string;

  beforeAll(async () => {
    userId = (await createUser(server.dataSource, { username: 'n.user', department: 'Administração' })).id;
    token = (await login(server.url, 'n.user', TEST_PASSWORD)).token;
  });

  it('validates the creation payload in the spec order with its messages', async () => {
    const base = { subject: 'Assunto', description: 'Descrição', destinationDepartment: 'Financeiro' };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'O título é obrigatório'],
      [{ subject: '  ' }, 'O título é obrigatório'],
      [{ subject: 'A' }, 'A descrição é obrigatória'],
      [{ subject: 'A', description: 'B' }, 'O setor de destino é obrigatório'],
      [{ ...base, confidential: true }, 'Para processos sigilosos, selecione pelo menos um usuário com acesso.'],
      [{ ...base, isNewRequester: true, requester: {} }, 'Por favor, informe o nome do solicitante.'],
      [{ ...base, isNewRequester: true, requester: { name: 'Z' } }, 'Por favor, informe o CPF/CNPJ do solicitante.'],
      [
        { ...base, isNewRequester: true, requester: { name: 'Z', document: '1' } },
        'Por favor, informe o telefone do solicitante.',
      ],
      [
        { ...base, protocolData: { dueDate: '2000-01-01' } },
        'A data de vencimento não pode ser anterior à data de hoje.',
      ],
      [{ ...base, protocolData: { priority: 'máxima' } }, 'Dados do protocolo inválidos.'],
      [
        { ...base, destinationDepartment: 'Administração' },
        'O setor de destino deve ser diferente do setor de origem.',
      ],
      [{ ...base, destinationDepartment: 'Nenhum' }, 'Departamento "Nenhum" não existe.'],
      [{ ...base, requesterId: '00000000-0000-4000-8000-000000000000' }, 'Solicitante não encontrado.'],
    ];
    for (const [body, message] of cases) {
      const res = await api(server.url, 'POST', '/processes', { token, body });
      expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
    }
    const multipart = new FormData();
    multipart.append('data', '{not json');
    const broken = await api(server.url, 'POST', '/processes', { token, body: multipart });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('O campo "data" deve conter os dados do processo em JSON.');
    // A file that is not on the allow-list is refused by content, and nothing is created.
    const exe = new FormData();
    exe.append('data', JSON.stringify(base));
    exe.append('attachments', new Blob([Buffer.from('MZ\x90\x00\x03\x00\x00\x00')]), 'relatorio.pdf');
    const refused = await api(server.url, 'POST', '/processes', { token, body: exe });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Tipo de arquivo não permitido.');
    expect(await count(server, 'SELECT count(*) n FROM processes')).toBe(0);
    expect(await count(server, 'SELECT count(*) n FROM stored_files')).toBe(0);
  });

  it('100 concurrent creations get 100 distinct, consecutive, valid numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api<ProcessMutationResponse>(server.url, 'POST', '/processes', {
          token,
          body: {
            subject: `Requerimento ${i}`,
            description: 'Pedido de certidão.',
            destinationDepartment: 'Financeiro',
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const ids = results.map((r) => r.body.process.id);
    expect(new Set(ids).size).toBe(100);
    expect(ids.every(isValidNup)).toBe(true);
    const sequences = ids.map((id) => parseNup(id)!.sequence).sort((a, b) => a - b);
    // The failed creations of the previous test consumed no number: the sequence starts at 1.
    expect(sequences).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(ids.every((id) => id.startsWith('10001.') && id.includes(`/${new Date().getFullYear()}-`))).toBe(true);
  }, 60_000);

  it('history, audit and outbox rows commit together with the change, or not at all', async () => {
    const process = await createProcessViaApi(server.url, token, { destinationDepartment: 'Administração' }).catch(
      () => null,
    );
    expect(process).toBeNull(); // destination must differ from origin
    const created = await createProcessViaApi(server.url, token, { destinationDepartment: 'Financeiro' });
    await createUser(server.dataSource, { username: 'n.fin', department: 'Financeiro' });
    const finToken = (await login(server.url, 'n.fin', TEST_PASSWORD)).token;
    const snapshot = async () => ({
      history: await count(server, 'SELECT count(*) n FROM process_history WHERE process_id = $1', [created.id]),
      audit: await count(server, `SELECT count(*) n FROM audit_logs WHERE entity_id = $1`, [created.id]),
      outbox: await count(server, `SELECT count(*) n FROM outbox_events WHERE payload->>'processId' = $1`, [
        created.id,
      ]),
    });
    expect(await snapshot()).toEqual({ history: 1, audit: 1, outbox: 1 });

    // Make the outbox insert of a forward fail inside the transaction.
    await server.dataSource.query(`
      CREATE FUNCTION test_fail_forward() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = 'process.forwarded' THEN RAISE EXCEPTION 'falha simulada'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_forward BEFORE INSERT ON outbox_events
        FOR EACH ROW EXECUTE FUNCTION test_fail_forward();`);
    try {
      const res = await api(server.url, 'POST', `/processes/${pid(created.id)}/forward`, {
        token: finToken,
        body: { destinationDepartment: 'Jurídico', comment: 'Encaminho.' },
      });
      expect(res.status).toBe(500);
      expect(await snapshot()).toEqual({ history: 1, audit: 1, outbox: 1 });
      const [row] = await server.dataSource.query('SELECT status, current_department FROM processes WHERE id = $1', [
        created.id,
      ]);
      expect(row).toEqual({ status: 'pendente', current_department: 'Financeiro' });
    } finally {
      await server.dataSource.query(
        'DROP TRIGGER test_fail_forward ON outbox_events; DROP FUNCTION test_fail_forward();',
      );
    }

    const ok = await api(server.url, 'POST', `/processes/${pid(created.id)}/forward`, {
      token: finToken,
      body: { destinationDepartment: 'Jurídico', comment: 'Encaminho.' },
    });
    expect(ok.status).toBe(200);
    expect(await snapshot()).toEqual({ history: 2, audit: 2, outbox: 2 });
    const [event] = await server.dataSource.query(
      `SELECT payload FROM outbox_events WHERE type = 'process.forwarded' AND payload->>'processId' = $1`,
      [created.id],
    );
    expect(event.payload).toMatchObject({
      processId: created.id,
      fromDepartment: 'Financeiro',
      toDepartment: 'Jurídico',
      currentDepartment: 'Jurídico',
      comment: 'Encaminho.',
      createdBy: userId,
      confidential: false,
      confidentialAccess: [],
    });
  }, 30_000);
});
