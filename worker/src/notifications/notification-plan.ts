import type { OutboxEventPayloads } from '#server/contracts/outbox';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '#server/contracts/purchase-orders';
import { daysText, shownDay } from '#server/domain/deadlines/deadline-changes';
import { reviewerAudience } from '#server/domain/purchase-orders/purchase-order-visibility';
import type { NotificationContent, RecipientRule } from '#server/repositories/notifications.repository';
import type { RelayedEvent } from '../outbox/outbox-handler';
import { confidentialViewers, type ProcessEvent } from '../processes/process-audience';

/**
 * Who is notified of what (docs/notifications.md#recipients; also in the README):
 *
 * | event                          | recipients                                   | type     | link                          |
 * |--------------------------------|----------------------------------------------|----------|-------------------------------|
 * | process.created                | users of the destination (current) department | process  | /semgi/process-details/{id}   |
 * | process.forwarded              | users of the destination department           | process  | /semgi/process-details/{id}   |
 * | process.responded              | creator and internal requester                | process  | /semgi/process-details/{id}   |
 * | process.finalized              | creator and internal requester                | process  | /semgi/process-details/{id}   |
 * | process.deleted                | creator and internal requester                | alert    | '#' (nothing left to open)    |
 * | process.confidentiality-changed| nobody (open pages refresh via process:updated) | —      | —                             |
 * | process.signature-step         | nobody (open pages refresh via process:updated; the document's events tell) | — | — |
 * | process.deadline-changed       | an extension only: users of the current department and whoever set the deadline | process | /semgi/process-details/{id} |
 * | document.signature-requested   | the signer asked to sign (a confidential document: no title); nobody when a block asks (told once by the block) | document | /semgi/documents/{id} |
 * | document.signature-refused     | whoever asked for the signatures (a confidential document: no title) | alert | /semgi/documents/{id} |
 * | document.signature-withdrawn   | nobody (the signers' pending lists refresh)    | —        | —                             |
 * | document.signed                | the document's creator                        | document | /semgi/documents/{id}         |
 * | document.signature-completed   | whoever asked for the signatures and the document's creator (a confidential document: no title) | document | /semgi/documents/{id} |
 * | signature-block.requested      | one signer of the block, once for all its documents | document | /semgi/signature-blocks/{id} |
 * | export.ready                   | whoever asked for it                          | task     | the download link of the event|
 * | export.failed                  | whoever asked for it                          | alert    | '#' (nothing to open)         |
 * | purchase-order.created         | reviewers: admins, users of Pedidos and Administração | task | /semgi/purchase-orders?order={id} |
 * | purchase-order.status-changed  | the requester                                 | task     | /semgi/purchase-orders?order={id} |
 *
 * Always: only active users; never the user who caused the event; for a confidential process only
 * users who may see it (admins, creator, access list — docs/processes.md#confidentiality), so a department member outside
 * the access list is not told. Users who turned system notifications off get the row (badge, list)
 * but no live push.
 */
export interface NotificationPlan extends RecipientRule {
  content: NotificationContent;
}

const processLink = (id: string) => `/semgi/process-details/${encodeURIComponent(id)}`;
const documentLink = (id: string) => `/semgi/documents/${encodeURIComponent(id)}`;
const blockLink = (id: string) => `/semgi/signature-blocks/${encodeURIComponent(id)}`;
const purchaseOrderLink = (id: string) => `/semgi/purchase-orders?order=${encodeURIComponent(id)}`;
const PURCHASE_ORDER_CHANGE_TITLES: Partial<Record<PurchaseOrderStatus, string>> = {
  approved: 'Pedido aprovado',
  rejected: 'Pedido rejeitado',
  ordered: 'Compra do pedido realizada',
  received: 'Pedido recebido',
  cancelled: 'Pedido cancelado',
};
const compact = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))];

/** 'Bloco de assinatura 'X' com N documentos aguarda sua assinatura.', with the signer's place after the first. */
function blockMessage(p: OutboxEventPayloads['signature-block.requested']): string {
  const documents = p.documentCount === 1 ? '1 documento' : `${p.documentCount} documentos`;
  const asked = `Bloco de assinatura '${p.name}' com ${documents} aguarda sua assinatura.`;
  return p.position === 0
    ? asked
    : `${asked} Você é o ${p.position + 1}º de ${p.signerCount} signatários: assine após os anteriores.`;
}

/** Told to these users only (no department, no admins as such), never `actorId`. */
function toUsers(userIds: string[], actorId: string | null, content: NotificationContent): NotificationPlan {
  return { departments: [], admins: false, userIds, actorId, confidentialViewers: null, content };
}

export function planNotification(event: RelayedEvent): NotificationPlan | null {
  switch (event.type) {
    case 'document.signature-requested':
      if (event.payload.blockId) return null;
      return toUsers([event.payload.signerId], event.payload.actorId, {
        type: 'document',
        title: 'Assinatura solicitada',
        message: event.payload.confidential
          ? 'Sua assinatura foi solicitada em um documento sigiloso.'
          : `Sua assinatura foi solicitada no documento "${event.payload.title}".`,
        link: documentLink(event.payload.documentId),
      });
    case 'document.signature-refused':
      return toUsers([event.payload.requesterId], event.payload.signerId, {
        type: 'alert',
        title: 'Assinatura recusada',
        message: `${event.payload.signerName} recusou a assinatura ${event.payload.confidential ? 'de um documento sigiloso' : `do documento "${event.payload.title}"`}. Motivo: ${event.payload.reason}`,
        link: documentLink(event.payload.documentId),
      });
    case 'document.signature-withdrawn':
      return null;
    case 'document.signed':
      return toUsers([event.payload.createdBy], event.payload.signerId, {
        type: 'document',
        title: 'Documento assinado',
        message: `${event.payload.signerName} assinou o documento "${event.payload.title}".`,
        link: documentLink(event.payload.documentId),
      });
    case 'document.signature-completed':
      return toUsers(compact([event.payload.requesterId, event.payload.createdBy]), event.payload.actorId, {
        type: 'document',
        title: 'Assinaturas concluídas',
        message: event.payload.confidential
          ? 'Todas as assinaturas solicitadas em um documento sigiloso foram feitas.'
          : `Todas as assinaturas solicitadas no documento "${event.payload.title}" foram feitas.`,
        link: documentLink(event.payload.documentId),
      });
    case 'signature-block.requested':
      return toUsers([event.payload.signerId], event.payload.actorId, {
        type: 'document',
        title: 'Bloco de assinatura',
        message: blockMessage(event.payload),
        link: blockLink(event.payload.blockId),
      });
    case 'export.failed':
      return toUsers([event.payload.userId], null, {
        type: 'alert',
        title: 'Falha na exportação',
        message: event.payload.message,
        link: '#',
      });
    case 'export.ready':
      return toUsers([event.payload.userId], null, {
        type: 'task',
        title: 'Exportação concluída',
        message: `${event.payload.title} está pronto para download.`,
        link: event.payload.link,
      });
    case 'purchase-order.created':
      return {
        ...reviewerAudience(),
        userIds: [],
        actorId: event.payload.actorId,
        confidentialViewers: null,
        content: {
          type: 'task',
          title: 'Novo pedido de material',
          message: `${event.payload.actorName} (${event.payload.department}) fez o pedido ${event.payload.orderNumber}, que aguarda análise.`,
          link: purchaseOrderLink(event.payload.orderId),
        },
      };
    case 'purchase-order.status-changed':
      return toUsers([event.payload.requestedBy], event.payload.actorId, {
        type: 'task',
        title: PURCHASE_ORDER_CHANGE_TITLES[event.payload.status] ?? 'Pedido atualizado',
        message: `${event.payload.actorName} alterou o pedido ${event.payload.orderNumber} de "${PURCHASE_ORDER_STATUS_LABELS[event.payload.fromStatus]}" para "${PURCHASE_ORDER_STATUS_LABELS[event.payload.status]}".${event.payload.reviewComments ? ` Comentário: ${event.payload.reviewComments}` : ''}`,
        link: purchaseOrderLink(event.payload.orderId),
      });
    case 'processes.imported':
      // A bulk load (the demo seed, an import) notifies nobody; it only refreshes the dashboards.
      return null;
    default:
      return planProcess(event);
  }
}

function planProcess(event: ProcessEvent): NotificationPlan | null {
  const p = event.payload;
  const named = `${p.processId} ("${p.subject}")`;
  const link = processLink(p.processId);
  const base = { actorId: p.actorId, confidentialViewers: confidentialViewers(p), admins: false };
  const toDepartment = (department: string) => ({ ...base, departments: [department], userIds: [] });
  const toCreatorAndRequester = { ...base, departments: [], userIds: compact([p.createdBy, p.requesterUserId]) };
  switch (event.type) {
    case 'process.created':
      return {
        ...toDepartment(p.currentDepartment),
        content: {
          type: 'process',
          title: 'Novo processo recebido',
          message: `${p.actorName} enviou o processo ${named} para ${p.currentDepartment}.`,
          link,
        },
      };
    case 'process.forwarded':
      return {
        ...toDepartment(event.payload.toDepartment),
        content: {
          type: 'process',
          title: 'Processo encaminhado',
          message: `${p.actorName} encaminhou o processo ${named} de ${event.payload.fromDepartment} para ${event.payload.toDepartment}.`,
          link,
        },
      };
    case 'process.responded':
      return {
        ...toCreatorAndRequester,
        content: {
          type: 'process',
          title: 'Nova resposta no processo',
          message: `${p.actorName} respondeu ao processo ${named}.`,
          link,
        },
      };
    case 'process.finalized':
      return {
        ...toCreatorAndRequester,
        content: {
          type: 'process',
          title: 'Processo finalizado',
          message: `${p.actorName} finalizou o processo ${named}.`,
          link,
        },
      };
    case 'process.deleted':
      return {
        ...toCreatorAndRequester,
        content: {
          type: 'alert',
          title: 'Processo excluído',
          message: `${p.actorName} excluiu o processo ${named}.`,
          link: '#',
        },
      };
    case 'process.confidentiality-changed':
    case 'process.signature-step':
      return null;
    case 'process.deadline-changed': {
      // Only an extension is told (docs/deadlines.md#suspension-and-extension); a confidential
      // process is named by its number alone.
      const { change, days, due, deadlineKind, setBy } = event.payload;
      if (change !== 'extended' || days === null) return null;
      const what = deadlineKind === 'return' ? 'o retorno programado' : 'o prazo';
      return {
        ...base,
        departments: [p.currentDepartment],
        userIds: compact([setBy]),
        content: {
          type: 'process',
          title: 'Prazo prorrogado',
          message: `${p.actorName} prorrogou ${what} do processo ${p.confidential ? p.processId : named} por ${daysText(days, event.payload.unit)}: vence em ${shownDay(due)}.`,
          link,
        },
      };
    }
  }
}
