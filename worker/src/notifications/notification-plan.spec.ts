import type { ProcessEventBase } from '#server/contracts/outbox';
import type { RelayedEvent } from '../outbox/outbox-handler';
import { planNotification } from './notification-plan';

const process: ProcessEventBase = {
  processId: '10001.000012/2026-34',
  subject: 'Reparo de iluminação',
  confidential: false,
  confidentialAccess: [],
  currentDepartment: 'Infraestrutura',
  originDepartment: 'Administração',
  createdBy: 'criador',
  requesterUserId: 'solicitante',
  actorId: 'autor',
  actorName: 'Ana Souza',
};
const event = (e: Omit<RelayedEvent, 'id' | 'createdAt'>) =>
  ({ id: '1', createdAt: '2026-03-01T12:00:00.000Z', ...e }) as RelayedEvent;
const LINK = '/semgi/process-details/10001.000012%2F2026-34';
const named = '10001.000012/2026-34 ("Reparo de iluminação")';

describe('planNotification: who is told what (docs/notifications.md#recipients)', () => {
  it('a new process: the destination department, minus the author, with a link to it', () => {
    expect(planNotification(event({ type: 'process.created', payload: process }))).toEqual({
      departments: ['Infraestrutura'],
      userIds: [],
      actorId: 'autor',
      confidentialViewers: null,
      admins: false,
      content: {
        type: 'process',
        title: 'Novo processo recebido',
        message: `Ana Souza enviou o processo ${named} para Infraestrutura.`,
        link: LINK,
      },
    });
  });

  it('a forward: the department it went to, naming both departments', () => {
    const payload = { ...process, fromDepartment: 'Infraestrutura', toDepartment: 'Jurídico', comment: 'Parecer' };
    expect(planNotification(event({ type: 'process.forwarded', payload }))).toMatchObject({
      departments: ['Jurídico'],
      userIds: [],
      content: {
        title: 'Processo encaminhado',
        message: `Ana Souza encaminhou o processo ${named} de Infraestrutura para Jurídico.`,
      },
    });
  });

  it.each([
    ['process.responded', 'process', 'Nova resposta no processo', `Ana Souza respondeu ao processo ${named}.`, LINK],
    ['process.finalized', 'process', 'Processo finalizado', `Ana Souza finalizou o processo ${named}.`, LINK],
    ['process.deleted', 'alert', 'Processo excluído', `Ana Souza excluiu o processo ${named}.`, '#'],
  ] as const)('%s: creator and internal requester', (type, kind, title, message, link) => {
    expect(planNotification(event({ type, payload: process }))).toEqual({
      departments: [],
      userIds: ['criador', 'solicitante'],
      actorId: 'autor',
      confidentialViewers: null,
      admins: false,
      content: { type: kind, title, message, link },
    });
  });

  it('names the creator once when they are also the requester, and skips a missing requester', () => {
    const same = { ...process, requesterUserId: 'criador' };
    expect(planNotification(event({ type: 'process.responded', payload: same }))?.userIds).toEqual(['criador']);
    const none = { ...process, requesterUserId: null };
    expect(planNotification(event({ type: 'process.finalized', payload: none }))?.userIds).toEqual(['criador']);
  });

  it('a confidential process is told only to its creator and access list (admins aside)', () => {
    const secret = { ...process, confidential: true, confidentialAccess: ['leitor', 'criador'] };
    expect(planNotification(event({ type: 'process.created', payload: secret }))?.confidentialViewers).toEqual([
      'criador',
      'leitor',
    ]);
  });

  it('a confidentiality change notifies nobody', () => {
    expect(planNotification(event({ type: 'process.confidentiality-changed', payload: process }))).toBeNull();
  });

  it('a signature step in the process history notifies nobody (the document events tell)', () => {
    const payload = { ...process, documentId: 'doc 1', step: 'documentSigned' as const };
    expect(planNotification(event({ type: 'process.signature-step', payload }))).toBeNull();
  });

  it('documents: the signer asked to sign, then the creator once signed', () => {
    expect(
      planNotification(
        event({
          type: 'document.signature-requested',
          payload: {
            documentId: 'doc 1',
            title: 'Contrato 12/2026',
            confidential: false,
            signerId: 'joao',
            actorId: 'maria',
          },
        }),
      ),
    ).toEqual({
      departments: [],
      userIds: ['joao'],
      actorId: 'maria',
      confidentialViewers: null,
      admins: false,
      content: {
        type: 'document',
        title: 'Assinatura solicitada',
        message: 'Sua assinatura foi solicitada no documento "Contrato 12/2026".',
        link: '/semgi/documents/doc%201',
      },
    });
    expect(
      planNotification(
        event({
          type: 'document.signed',
          payload: { documentId: 'd', title: 'Ofício', signerId: 'joao', signerName: 'João', createdBy: 'maria' },
        }),
      ),
    ).toMatchObject({
      userIds: ['maria'],
      actorId: 'joao',
      content: { title: 'Documento assinado', message: 'João assinou o documento "Ofício".' },
    });
  });

  it('signature requests of a confidential document name no subject; a refusal tells the requester why', () => {
    const base = { documentId: 'd', title: 'Parecer sigiloso', confidential: true };
    expect(
      planNotification(
        event({ type: 'document.signature-requested', payload: { ...base, signerId: 'joao', actorId: 'maria' } }),
      )?.content.message,
    ).toBe('Sua assinatura foi solicitada em um documento sigiloso.');
    const refused = (confidential: boolean) =>
      planNotification(
        event({
          type: 'document.signature-refused',
          payload: {
            ...base,
            confidential,
            requesterId: 'maria',
            signerId: 'joao',
            signerName: 'João',
            reason: 'Valor divergente',
            signerIds: ['ana'],
          },
        }),
      );
    expect(refused(false)).toMatchObject({
      userIds: ['maria'],
      actorId: 'joao',
      content: {
        type: 'alert',
        title: 'Assinatura recusada',
        message: 'João recusou a assinatura do documento "Parecer sigiloso". Motivo: Valor divergente',
      },
    });
    expect(refused(true)?.content.message).not.toContain('Parecer sigiloso');
    expect(
      planNotification(
        event({ type: 'document.signature-withdrawn', payload: { documentId: 'd', signerIds: ['ana'], actorId: 'x' } }),
      ),
    ).toBeNull();
  });

  it('completed signatures: the requester and the creator once, no title for a confidential document', () => {
    const completed = (confidential: boolean, createdBy: string) =>
      planNotification(
        event({
          type: 'document.signature-completed',
          payload: {
            documentId: 'd',
            title: 'Contrato 7',
            confidential,
            requesterId: 'adm',
            createdBy,
            actorId: 'joao',
          },
        }),
      );
    expect(completed(false, 'ana')).toMatchObject({
      userIds: ['adm', 'ana'],
      actorId: 'joao',
      content: {
        type: 'document',
        title: 'Assinaturas concluídas',
        message: 'Todas as assinaturas solicitadas no documento "Contrato 7" foram feitas.',
        link: '/semgi/documents/d',
      },
    });
    expect(completed(false, 'adm')?.userIds).toEqual(['adm']);
    expect(completed(true, 'ana')?.content.message).toBe(
      'Todas as assinaturas solicitadas em um documento sigiloso foram feitas.',
    );
  });

  it('a block: each signer once for all its documents, with their place after the first; no per-document request', () => {
    const block = (position: number) =>
      planNotification(
        event({
          type: 'signature-block.requested',
          payload: {
            blockId: 'b',
            name: 'Atos',
            documentCount: 4,
            signerId: 's',
            position,
            signerCount: 3,
            actorId: 'a',
          },
        }),
      );
    expect(block(0)).toMatchObject({
      userIds: ['s'],
      actorId: 'a',
      content: {
        title: 'Bloco de assinatura',
        message: "Bloco de assinatura 'Atos' com 4 documentos aguarda sua assinatura.",
        link: '/semgi/signature-blocks/b',
      },
    });
    expect(block(1)?.content.message).toBe(
      "Bloco de assinatura 'Atos' com 4 documentos aguarda sua assinatura. Você é o 2º de 3 signatários: assine após os anteriores.",
    );
    const asked = { documentId: 'd', title: 'Ato', confidential: false, signerId: 's', actorId: 'a' };
    expect(
      planNotification(event({ type: 'document.signature-requested', payload: { ...asked, blockId: 'b' } })),
    ).toBeNull();
  });

  it('an export: whoever asked, with the download link and no author to leave out', () => {
    expect(
      planNotification(
        event({ type: 'export.ready', payload: { userId: 'ana', title: 'Relatório', link: '/api/exports/x' } }),
      ),
    ).toEqual({
      departments: [],
      userIds: ['ana'],
      actorId: null,
      confidentialViewers: null,
      admins: false,
      content: {
        type: 'task',
        title: 'Exportação concluída',
        message: 'Relatório está pronto para download.',
        link: '/api/exports/x',
      },
    });
  });

  it('a failed export: whoever asked, an alert with the message and nothing to open', () => {
    const message = 'Não foi possível exportar o relatório como PDF. Tente novamente.';
    expect(
      planNotification(
        event({ type: 'export.failed', payload: { userId: 'ana', title: 'Relatório', message, exportId: 'x' } }),
      ),
    ).toEqual({
      departments: [],
      userIds: ['ana'],
      actorId: null,
      confidentialViewers: null,
      admins: false,
      content: { type: 'alert', title: 'Falha na exportação', message, link: '#' },
    });
  });

  const order = {
    orderId: '5b2f1c9e-0000-4000-8000-000000000001',
    orderNumber: 'PED-2026-00042',
    department: 'Educação',
    requestedBy: 'bia',
    actorId: 'bia',
    actorName: 'Bia Lima',
  };

  it('a new purchase order: admins and the reviewing departments, minus the requester', () => {
    expect(
      planNotification(event({ type: 'purchase-order.created', payload: { ...order, status: 'pending' } })),
    ).toMatchObject({
      departments: ['Pedidos', 'Administração'],
      admins: true,
      userIds: [],
      actorId: 'bia',
      confidentialViewers: null,
      content: {
        type: 'task',
        message: 'Bia Lima (Educação) fez o pedido PED-2026-00042, que aguarda análise.',
        link: expect.stringContaining(order.orderId),
      },
    });
  });

  it('a purchase-order transition: only the requester, with the review comment', () => {
    const plan = planNotification(
      event({
        type: 'purchase-order.status-changed',
        payload: {
          ...order,
          actorId: 'rev',
          actorName: 'Revisor',
          status: 'approved',
          fromStatus: 'pending',
          reviewComments: 'Ok',
        },
      }),
    );
    expect(plan).toMatchObject({ departments: [], admins: false, userIds: ['bia'], actorId: 'rev' });
    expect(plan?.content.message).toBe(
      'Revisor alterou o pedido PED-2026-00042 de "Pendente" para "Aprovado". Comentário: Ok',
    );
  });
  describe('process.deadline-changed', () => {
    const change = (over: Partial<{ change: 'set' | 'extended'; confidential: boolean }> = {}) =>
      event({
        type: 'process.deadline-changed',
        payload: {
          ...process,
          confidential: over.confidential ?? false,
          confidentialAccess: over.confidential ? ['leitor'] : [],
          change: over.change ?? 'extended',
          deadlineKind: 'process',
          due: '2026-12-05',
          unit: 'business',
          setBy: 'quem-definiu',
          deadlineDepartments: [],
          days: over.change === 'set' ? null : 5,
        },
      });

    it('an extension: the current department and whoever set the deadline, never the actor', () => {
      expect(planNotification(change())).toEqual({
        departments: ['Infraestrutura'],
        userIds: ['quem-definiu'],
        actorId: 'autor',
        confidentialViewers: null,
        admins: false,
        content: {
          type: 'process',
          title: 'Prazo prorrogado',
          message: `Ana Souza prorrogou o prazo do processo ${named} por 5 dias úteis: vence em 05/12/2026.`,
          link: LINK,
        },
      });
    });

    it('a confidential process: only who may see it, and nothing of its subject', () => {
      const plan = planNotification(change({ confidential: true }));
      expect(plan?.confidentialViewers).toEqual(['criador', 'leitor']);
      expect(plan?.content.message).toBe(
        'Ana Souza prorrogou o prazo do processo 10001.000012/2026-34 por 5 dias úteis: vence em 05/12/2026.',
      );
    });

    it('other deadline changes notify nobody', () => {
      expect(planNotification(change({ change: 'set' }))).toBeNull();
    });
  });
});
