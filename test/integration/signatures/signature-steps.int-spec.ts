import type { DocumentView, SignDocumentResponse } from '#server/contracts/documents';
import { PROCESS_HISTORY_ACTIONS as ACTIONS, type ProcessView } from '#server/contracts/processes';
import type { SignatureRequestView } from '#server/contracts/signature-requests';
import { AuditLogEntity, NotificationEntity } from '#server/database/entities/index';
import { pid } from '#test/factories/processes';
import { createLinkedDocument, type PersonSeed, type Session, signInPeople } from '#test/factories/signing';
import { TEST_PASSWORD } from '#test/factories/users';
import { api } from '#test/setup/app';
import { eventually } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';
import { TestSmtpServer } from '#test/setup/smtp-server';
import { smtpSuite } from '#test/setup/smtp-suite';

/**
 * Every step of a signature request is in the process history and the audit log, and whoever asked
 * for the signatures — here an administrator, not the document's creator — is told of a refusal and
 * of the completion, live and by e-mail, never the user who acted (docs/documents.md#signature-requests).
 */
describe('signature request steps: process history, audit log, the requester told', () => {
  const smtp = new TestSmtpServer();
  const { server } = useServerSuite({ worker: true, ...smtpSuite(smtp) });
  const s: Record<string, Session> = {};
  const mail = (key: string) => `${key}.passos@prefeitura.test`;

  const post = <T>(who: Session, path: string, body: Record<string, unknown> = {}) =>
    api<T>(server.url, 'POST', path, { token: who.token, body });
  const sign = (who: Session, docId: string) =>
    post<SignDocumentResponse>(who, `/documents/${docId}/sign`, {
      signatureType: 'simple',
      certificateType: 'password',
      password: TEST_PASSWORD,
    });
  const ask = (who: Session, docId: string, signers: string[]) =>
    post<SignatureRequestView>(who, `/documents/${docId}/signature-requests`, { signers, order: 'sequential' });
  const historyOf = async (who: Session, processId: string) => {
    const res = await api<ProcessView>(server.url, 'GET', `/processes/${pid(processId)}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.history;
  };
  const auditOf = async (documentId: string) =>
    (
      await server.dataSource
        .getRepository(AuditLogEntity)
        .find({ where: { entityType: 'document', entityId: documentId }, order: { createdAt: 'ASC' } })
    ).map((a) => a.description);
  const notificationsOf = (userId: string, title: string) =>
    server.dataSource.getRepository(NotificationEntity).find({ where: { userId, title } });

  /** A process sent to Financeiro by the administrator and a document of Ana's linked to it. */
  const linkedDocument = (title: string, document: Record<string, unknown> = {}, process = {}) =>
    createLinkedDocument(server, { processOwner: s.root, author: s.ana }, title, { document, process });

  beforeAll(async () => {
    const seeds: PersonSeed[] = [
      ['ana', 'Ana Autora', 'Financeiro', 'Chefia', 'operator'],
      ['bia', 'Bia Primeira', 'Financeiro', 'Funcionário', 'operator'],
      ['caio', 'Caio Segundo', 'Financeiro', 'Funcionário', 'operator'],
      ['davi', 'Davi Terceiro', 'Financeiro', 'Funcionário', 'operator'],
      ['root', 'Rita Administradora', 'Administração', 'Chefia', 'admin'],
    ];
    Object.assign(s, await signInPeople(server, seeds, 'passos'));
  });

  it('requested, signer added and removed, signed, completed: each in the process history and the audit log; the requester and the creator are told of the completion, the last signer is not', async () => {
    const { ana, bia, caio, davi, root } = s;
    const { processId, doc } = await linkedDocument('Contrato 12/2026');
    const { body: request } = await ask(root, doc.id, [bia.user.id, caio.user.id]);
    const path = `/signature-requests/${request.id}`;
    expect((await post(root, `${path}/signers`, { signers: [davi.user.id] })).status).toBe(200);
    expect((await api(server.url, 'DELETE', `${path}/signers/${davi.user.id}`, { token: root.token })).status).toBe(
      200,
    );
    expect((await sign(bia, doc.id)).status).toBe(200);
    const last = await sign(caio, doc.id);
    expect(last.body.document.status).toBe('signed');

    const steps = (await historyOf(ana, processId)).filter((h) => h.action !== ACTIONS.created);
    const named = `Documento ${doc.protocolNumber} ("Contrato 12/2026").`;
    expect(steps.map((h) => [h.action, h.user?.name, h.comment])).toEqual([
      [
        ACTIONS.signaturesRequested,
        'Rita Administradora',
        `${named} Signatários, em ordem: Bia Primeira, Caio Segundo.`,
      ],
      [ACTIONS.signersAdded, 'Rita Administradora', `${named} Signatários: Davi Terceiro.`],
      [ACTIONS.signerRemoved, 'Rita Administradora', `${named} Signatário: Davi Terceiro.`],
      [ACTIONS.documentSigned, 'Bia Primeira', `${named} Assinatura simples.`],
      [ACTIONS.documentSigned, 'Caio Segundo', `${named} Assinatura simples.`],
      [ACTIONS.signaturesCompleted, 'Caio Segundo', named],
    ]);
    const protocol = doc.protocolNumber.replace(/[-/]/g, '\\$&');
    expect(await auditOf(doc.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Assinaturas do documento ${protocol} solicitadas`)),
        `Signatários adicionados à solicitação de assinaturas do documento ${doc.protocolNumber}`,
        `Signatário removido da solicitação de assinaturas do documento ${doc.protocolNumber}`,
        `Documento ${doc.protocolNumber} assinado (simples)`,
        `Assinaturas do documento ${doc.protocolNumber} concluídas`,
      ]),
    );
    expect(
      (await auditOf(doc.id)).filter((d) => d.startsWith(`Documento ${doc.protocolNumber} assinado`)),
    ).toHaveLength(2);

    const done = 'Todas as assinaturas solicitadas no documento "Contrato 12/2026" foram feitas.';
    for (const who of [root, ana]) {
      await eventually(
        async () => (await notificationsOf(who.user.id, 'Assinaturas concluídas')).some((n) => n.message === done),
        `o aviso de conclusão a ${who.user.name}`,
      );
    }
    await eventually(
      async () => smtp.to(mail('root')).some((m) => m.text.includes(done)),
      'o e-mail de conclusão a quem pediu',
    );
    const toLastSigner = await notificationsOf(caio.user.id, 'Assinaturas concluídas');
    expect(toLastSigner.filter((n) => n.link.endsWith(doc.id))).toEqual([]);
  });

  it('refused with its reason, cancelled: in the history; the refusal reaches the requester (an administrator, not the creator), never the refusing signer', async () => {
    const { ana, bia, caio, root } = s;
    const { processId, doc } = await linkedDocument('Termo aditivo 3');
    await ask(root, doc.id, [bia.user.id]);
    const refused = await post<DocumentView>(bia, `/documents/${doc.id}/refuse`, { reason: 'Valor divergente.' });
    expect(refused.status).toBe(200);
    const { body: second } = await ask(root, doc.id, [caio.user.id]);
    expect((await post(root, `/signature-requests/${second.id}/cancel`)).status).toBe(200);

    const named = `Documento ${doc.protocolNumber} ("Termo aditivo 3").`;
    const steps = (await historyOf(root, processId)).filter((h) => h.action !== ACTIONS.created);
    expect(steps.map((h) => [h.action, h.user?.name, h.comment])).toEqual([
      [ACTIONS.signaturesRequested, 'Rita Administradora', `${named} Signatários, em ordem: Bia Primeira.`],
      [ACTIONS.signatureRefused, 'Bia Primeira', `${named} Motivo: Valor divergente.`],
      [ACTIONS.signaturesRequested, 'Rita Administradora', `${named} Signatários, em ordem: Caio Segundo.`],
      [ACTIONS.signaturesCancelled, 'Rita Administradora', named],
    ]);
    expect(await auditOf(doc.id)).toEqual(
      expect.arrayContaining([
        `Assinatura do documento ${doc.protocolNumber} recusada`,
        `Solicitação de assinaturas do documento ${doc.protocolNumber} cancelada`,
      ]),
    );

    const told = 'Bia Primeira recusou a assinatura do documento "Termo aditivo 3". Motivo: Valor divergente.';
    await eventually(
      async () => (await notificationsOf(root.user.id, 'Assinatura recusada')).some((n) => n.message === told),
      'o aviso da recusa a quem pediu',
    );
    await eventually(async () => smtp.to(mail('root')).some((m) => m.text.includes(told)), 'o e-mail da recusa');
    expect(await notificationsOf(bia.user.id, 'Assinatura recusada')).toEqual([]);
    expect(smtp.to(mail('bia')).some((m) => m.text.includes('recusou'))).toBe(false);
    expect((await notificationsOf(ana.user.id, 'Assinatura recusada')).some((n) => n.message === told)).toBe(false);
  });

  it('the requester who signs last is not told of the completion they made; a confidential document is named by its number only', async () => {
    const { ana, bia, root } = s;
    const { processId, doc } = await linkedDocument('Parecer reservado', {
      confidential: true,
      confidentialAccess: [bia.user.id, root.user.id],
    });
    await ask(root, doc.id, [bia.user.id, root.user.id]);
    expect((await sign(bia, doc.id)).status).toBe(200);
    expect((await sign(root, doc.id)).body.document.status).toBe('signed');

    const steps = (await historyOf(ana, processId)).filter((h) => h.action !== ACTIONS.created);
    expect(steps.map((h) => h.action)).toEqual([
      ACTIONS.signaturesRequested,
      ACTIONS.documentSigned,
      ACTIONS.documentSigned,
      ACTIONS.signaturesCompleted,
    ]);
    expect(new Set(steps.map((h) => h.comment))).toEqual(new Set([`Documento sigiloso ${doc.protocolNumber}.`]));

    const hidden = 'Todas as assinaturas solicitadas em um documento sigiloso foram feitas.';
    await eventually(
      async () => (await notificationsOf(ana.user.id, 'Assinaturas concluídas')).some((n) => n.message === hidden),
      'o aviso de conclusão à autora, sem o título',
    );
    const secret = () => smtp.to(mail('ana')).filter((m) => m.subject === 'SEMGI: processo sigiloso para consultar');
    await eventually(async () => secret().length > 0, 'o e-mail sigiloso à autora');
    expect(secret().some((m) => m.raw.includes('Parecer reservado'))).toBe(false);
    const mine = await notificationsOf(root.user.id, 'Assinaturas concluídas');
    expect(mine.filter((n) => n.link.endsWith(doc.id))).toEqual([]);
  });

  it('a confidential process: its signature entries only for who may see it; the signer is never told its subject', async () => {
    const { ana, bia, davi, root } = s;
    const { processId, doc } = await linkedDocument(
      'Acordo reservado',
      {},
      { confidential: true, confidentialAccess: [root.user.id, ana.user.id] },
    );
    await ask(ana, doc.id, [bia.user.id]);
    expect((await sign(bia, doc.id)).status).toBe(200);

    expect((await historyOf(ana, processId)).map((h) => h.action)).toEqual(
      expect.arrayContaining([ACTIONS.signaturesRequested, ACTIONS.documentSigned, ACTIONS.signaturesCompleted]),
    );
    for (const outsider of [bia, davi]) {
      const res = await api(server.url, 'GET', `/processes/${pid(processId)}`, { token: outsider.token });
      expect(res.status).toBe(404);
    }
    await eventually(
      async () => (await notificationsOf(bia.user.id, 'Assinatura solicitada')).some((n) => n.link.endsWith(doc.id)),
      'o pedido de assinatura a Bia',
    );
    const toSigner = await server.dataSource.getRepository(NotificationEntity).find({ where: { userId: bia.user.id } });
    expect(toSigner.filter((n) => n.message.includes('Contratação Acordo reservado'))).toEqual([]);
  });
});
