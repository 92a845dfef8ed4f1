import type { ProcessMutationResponse } from '#server/contracts/processes';
import {
  ProcessDeadlineEntity,
  ProcessDocumentEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
} from '#server/database/entities/index';
import { ProcessRecordRepository } from '#server/repositories/process-record.repository';
import { SMALL_PDF } from '#test/factories/public-requests';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * The details page reads a process's history, responses, documents, access list, access code and
 * deadlines in one statement (docs/processes.md#details): what it returns must be exactly the entities TypeORM
 * reads from each table, in the same order, inside a transaction as well as outside one.
 */
describe('the process record behind the details page', () => {
  const { server } = useServerSuite();
  let processId: string;

  beforeAll(async () => {
    const ana = await createUser(server.dataSource, {
      username: 'ana.rec',
      name: 'Ana Registro',
      department: 'Jurídico',
    });
    const bia = await createUser(server.dataSource, {
      username: 'bia.rec',
      name: 'Beatriz Registro',
      department: 'Gabinete',
    });
    const created = await createProcessViaApi(server.url, (await login(server.url, 'ana.rec', TEST_PASSWORD)).token, {
      subject: 'Denúncia com anexos',
      deadline: { days: 10, unit: 'business' },
      destinationDepartment: 'Gabinete',
      confidential: true,
      confidentialAccess: [bia.id, ana.id],
      isNewRequester: true,
      requester: { name: 'Carla Munícipe', document: '529.982.247-25', phone: '(11) 97777-1234' },
    });
    processId = created._id;
    // Beatriz answers from Gabinete, where the process now is.
    const { token } = await login(server.url, 'bia.rec', TEST_PASSWORD);
    for (const text of ['Primeira resposta.', 'Segunda resposta, com parecer.']) {
      const form = new FormData();
      form.append('response', text);
      form.append('attachments', new Blob([SMALL_PDF], { type: 'application/pdf' }), `${text.slice(0, 7)}.pdf`);
      const res = await api<ProcessMutationResponse>(
        server.url,
        'POST',
        `/processes/${pid(processId)}/response-simple`,
        {
          token,
          body: form,
        },
      );
      expect(res.status).toBe(200);
    }
  });

  const tableReads = async () => {
    const m = server.dataSource.manager;
    const documents = await m
      .getRepository(ProcessDocumentEntity)
      .find({ where: { processId }, order: { uploadDate: 'ASC', id: 'ASC' } });
    const storedNames = await m.query<{ id: string; stored_name: string }[]>(
      `SELECT d.id, f.stored_name FROM process_documents d JOIN stored_files f ON f.id = d.stored_file_id
        WHERE d.process_id = $1`,
      [processId],
    );
    const deadlines = await m.query<Record<string, unknown>[]>(
      `SELECT d.id, u.name AS set_by_name, u.department AS set_by_department
         FROM process_deadlines d LEFT JOIN users u ON u.id = d.set_by
        WHERE d.process_id = $1 ORDER BY d.set_at DESC, d.id DESC`,
      [processId],
    );
    const deadlineEntities = await m.getRepository(ProcessDeadlineEntity).findBy({ processId });
    return {
      deadlines: deadlines.map((d) => ({
        ...deadlineEntities.find((e) => e.id === d.id)!,
        setByName: d.set_by_name,
        setByDepartment: d.set_by_department,
      })),
      history: await m
        .getRepository(ProcessHistoryEntity)
        .find({ where: { processId }, order: { date: 'ASC', id: 'ASC' } }),
      responses: await m
        .getRepository(ProcessResponseEntity)
        .find({ where: { processId }, order: { createdAt: 'ASC', id: 'ASC' } }),
      documents: documents.map((document) => ({
        document,
        storedName: storedNames.find((s) => s.id === document.id)!.stored_name,
      })),
      access: await m.query<{ id: string; name: string; department: string }[]>(
        `SELECT u.id, u.name, u.department FROM process_confidential_access a JOIN users u ON u.id = a.user_id
          WHERE a.process_id = $1 ORDER BY u.name`,
        [processId],
      ),
      accessCode:
        (
          await m.query<{ code: string }[]>(`SELECT code FROM process_access_codes WHERE process_id = $1`, [processId])
        )[0]?.code ?? null,
    };
  };

  it('holds every part of the process, as each table has it', async () => {
    const expected = await tableReads();
    expect(expected.history.length).toBeGreaterThanOrEqual(3);
    expect(expected.responses).toHaveLength(2);
    expect(expected.documents).toHaveLength(2);
    expect(expected.access.map((u) => u.name)).toEqual(['Ana Registro', 'Beatriz Registro']);
    expect(expected.accessCode).toEqual(expect.any(String));
    expect(expected.deadlines).toEqual([expect.objectContaining({ kind: 'process', setByName: 'Ana Registro' })]);

    const record = await server.app.get(ProcessRecordRepository).recordOf(processId);
    expect(record).toEqual(expected);
    expect(record.history[0].date).toBeInstanceOf(Date);
    expect(typeof record.documents[0].document.size).toBe('number');
  });

  it('reads the same inside a transaction', async () => {
    const expected = await tableReads();
    const record = await server.dataSource.transaction((tx) =>
      server.app.get(ProcessRecordRepository).recordOf(processId, tx),
    );
    expect(record).toEqual(expected);
  });

  it('is empty for a process that does not exist', async () => {
    expect(await server.app.get(ProcessRecordRepository).recordOf('99999.999999/2099-00')).toEqual({
      history: [],
      responses: [],
      documents: [],
      access: [],
      accessCode: null,
      deadlines: [],
    });
  });
});
