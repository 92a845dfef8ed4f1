import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import type { ProcessUpdatedPayload } from '#server/contracts/socket-events';
import type { SignatureRequestView } from '#server/contracts/signature-requests';
import { createLinkedDocument, type PersonSeed, type Session, signInPeople } from '#test/factories/signing';
import { TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

type Socket = Awaited<ReturnType<typeof connectSocket>>;

/**
 * A signature step of a document linked to a process reaches the process's open pages live
 * (`process:updated`, event `process.signature-step`), only on sockets of users who may see the
 * process (docs/documents.md#signature-requests).
 */
describe('signature steps refresh the open process page live, never past confidentiality', () => {
  const { server } = useServerSuite({ worker: true });
  const s: Record<string, Session> = {};
  const sockets: Socket[] = [];

  const post = <T>(who: Session, path: string, body: Record<string, unknown> = {}) =>
    api<T>(server.url, 'POST', path, { token: who.token, body });
  const sign = (who: Session, docId: string) =>
    post<SignDocumentResponse>(who, `/documents/${docId}/sign`, {
      signatureType: 'simple',
      certificateType: 'password',
      password: TEST_PASSWORD,
    });
  /** Everything a user's socket hears about process pages. */
  const listen = async (who: Session) => {
    const socket = await connectSocket(server.url, who.token);
    sockets.push(socket);
    const heard: ProcessUpdatedPayload[] = [];
    socket.on('process:updated', (payload) => heard.push(payload));
    return (processId: string) =>
      heard.filter((u) => u.processId === processId && u.event === 'process.signature-step').length;
  };
  const linkedDocument = (title: string, process = {}) =>
    createLinkedDocument(server, { processOwner: s.root, author: s.ana }, title, { process });

  beforeAll(async () => {
    const seeds: PersonSeed[] = [
      ['ana', 'Ana Autora', 'Financeiro', 'Chefia', 'operator'],
      ['bia', 'Bia Signatária', 'Financeiro', 'Funcionário', 'operator'],
      ['caio', 'Caio Colega', 'Financeiro', 'Funcionário', 'operator'],
      ['juca', 'Juca Jurídico', 'Jurídico', 'Funcionário', 'operator'],
      ['root', 'Rita Administradora', 'Administração', 'Chefia', 'admin'],
    ];
    Object.assign(s, await signInPeople(server, seeds, 'aovivo'));
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));

  it('requested, signed and completed, refused, cancelled: the department and the admins hear each step; another department hears nothing', async () => {
    const { ana, bia, caio, juca, root } = s;
    const [colleague, admin, outsider] = await Promise.all([listen(caio), listen(root), listen(juca)]);
    const { processId, doc } = await linkedDocument('Contrato 7/2026');
    const other = (await post<DocumentView>(ana, '/documents', { title: 'Aditivo', content: 'x', processId })).body;
    /** Each step pushes again (identical pushes of one relay batch may arrive as one on PostgreSQL). */
    const heardAfter = async (step: string, act: () => Promise<{ status: number }>, status: number) => {
      const before = [colleague(processId), admin(processId)];
      expect((await act()).status).toBe(status);
      await eventually(() => colleague(processId) > before[0] && admin(processId) > before[1], step);
    };
    const ask = (id: string) => () =>
      post<SignatureRequestView>(ana, `/documents/${id}/signature-requests`, {
        signers: [bia.user.id],
        order: 'parallel',
      });

    await heardAfter('o pedido de assinaturas', ask(doc.id), 201);
    await heardAfter('a assinatura que conclui o pedido', () => sign(bia, doc.id), 200);
    await heardAfter('o pedido do aditivo', ask(other.id), 201);
    await heardAfter(
      'a recusa',
      () => post(bia, `/documents/${other.id}/refuse`, { reason: 'Valor divergente.' }),
      200,
    );
    const again = await ask(other.id)();
    expect(again.status).toBe(201);
    await heardAfter('o cancelamento', () => post(ana, `/signature-requests/${again.body.id}/cancel`), 200);

    await quietPeriod(300);
    expect(outsider(processId)).toBe(0);
  });

  it('a confidential process: only its viewers hear the steps, not the signer outside its access list nor its department', async () => {
    const { ana, bia, caio, root } = s;
    const [author, admin, signer, colleague] = await Promise.all([
      listen(ana),
      listen(root),
      listen(bia),
      listen(caio),
    ]);
    const { processId, doc } = await linkedDocument('Acordo reservado', {
      confidential: true,
      confidentialAccess: [root.user.id, ana.user.id],
    });
    expect(
      (await post(ana, `/documents/${doc.id}/signature-requests`, { signers: [bia.user.id], order: 'parallel' }))
        .status,
    ).toBe(201);
    expect((await sign(bia, doc.id)).status).toBe(200);
    await eventually(
      () => author(processId) >= 2 && admin(processId) >= 2,
      'o pedido e a assinatura para quem vê o processo',
    );

    await quietPeriod(300);
    expect(signer(processId)).toBe(0);
    expect(colleague(processId)).toBe(0);
  });
});
