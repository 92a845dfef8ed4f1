import { PURCHASE_ORDER_TRANSITION_LABELS, type PurchaseOrderTargetStatus, type PurchaseOrderView } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { downloadBlob } from '@/lib/download';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Modal } from '@/ui/Modal';
import { Spinner } from '@/ui/Spinner';
import { TextArea } from '@/ui/TextArea';
import { toast } from '@/ui/toast';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { purchaseOrderKeys } from '../api/purchase-order-keys';
import { priorityLabel, priorityTone, statusLabel, statusTone } from '../utils/order-labels';

// docs/purchase-orders.md#validation.
const DETAILS_FAILED = 'Erro ao carregar detalhes do pedido';
const STATUS_FAILED = 'Erro ao atualizar status do pedido';
const PRINT_FAILED = 'Não foi possível gerar o PDF do pedido. Tente novamente.';

const TRANSITION_VARIANTS: Record<PurchaseOrderTargetStatus, 'primary' | 'secondary' | 'danger'> = {
  approved: 'primary',
  rejected: 'danger',
  ordered: 'primary',
  received: 'primary',
  cancelled: 'danger',
};

/** Day of a YYYY-MM-DD value as dd/mm/aaaa (no time-zone shift). */
const day = (iso: string) => iso.split('-').reverse().join('/');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="po-details__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderBody({ order }: { order: PurchaseOrderView }) {
  return (
    <>
      <dl className="po-details__facts">
        <Fact label="Departamento">{order.department}</Fact>
        <Fact label="Solicitante">{order.requestedBy.name}</Fact>
        <Fact label="Status">
          <Badge tone={statusTone(order.status)}>{statusLabel(order.status)}</Badge>
        </Fact>
        <Fact label="Prioridade">
          <Badge tone={priorityTone(order.priority)}>{priorityLabel(order.priority)}</Badge>
        </Fact>
        <Fact label="Data do pedido">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Entrega prevista">{order.deliveryExpected ? day(order.deliveryExpected) : 'Não informada'}</Fact>
        <Fact label="Valor estimado">{formatCurrency(order.estimatedTotal)}</Fact>
        {order.reviewedBy && (
          <Fact label="Analisado por">
            {order.reviewedBy.name}
            {order.reviewedAt && ` em ${formatDate(order.reviewedAt)}`}
          </Fact>
        )}
      </dl>
      <h3 className="po-details__heading">Itens</h3>
      <table className="po-table po-table--compact">
        <thead>
          <tr>
            <th scope="col">Material</th>
            <th scope="col">Categoria</th>
            <th scope="col">Quantidade</th>
            <th scope="col">Observação</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={index}>
              <td>{item.materialItem.name}</td>
              <td>{item.materialItem.category}</td>
              <td>
                {formatNumber(item.quantity)} {item.materialItem.unit}
              </td>
              <td>{item.observation || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="po-details__heading">Justificativa</h3>
      <p className="po-details__text">{order.justification}</p>
      {order.observations && (
        <>
          <h3 className="po-details__heading">Observações</h3>
          <p className="po-details__text">{order.observations}</p>
        </>
      )}
      {order.reviewComments && (
        <>
          <h3 className="po-details__heading">Comentários da análise</h3>
          <p className="po-details__text">{order.reviewComments}</p>
        </>
      )}
      <h3 className="po-details__heading">Histórico</h3>
      <ol className="po-history" aria-label="Histórico do pedido">
        {order.history.map((entry, index) => (
          <li key={index} className="po-history__entry">
            <span className="po-history__date">{formatDateTime(entry.date)}</span>
            <span>
              {entry.from
                ? `${statusLabel(entry.from)} → ${statusLabel(entry.to)}`
                : `Pedido criado (${statusLabel(entry.to)})`}
            </span>
            <span className="po-muted">
              {entry.userName} ({entry.userDepartment})
            </span>
            {entry.reviewComments && <span className="po-history__comment">{entry.reviewComments}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

export interface PurchaseOrderDetailsModalProps {
  orderId: string | null;
  onClose: () => void;
}

/** 'Detalhes do Pedido #number': the order, its history and the transitions the server allows this user. */
export function PurchaseOrderDetailsModal({ orderId, onClose }: PurchaseOrderDetailsModalProps) {
  const queryClient = useQueryClient();
  const [comments, setComments] = useState('');
  const [printing, setPrinting] = useState(false);
  const details = useQuery({
    queryKey: purchaseOrderKeys.detail(orderId ?? ''),
    queryFn: ({ signal }) => purchaseOrdersApi.details(orderId ?? '', signal),
    enabled: orderId !== null,
  });
  useEffect(() => {
    if (details.isError) toast.error(errorMessage(details.error, DETAILS_FAILED));
  }, [details.isError, details.error]);
  useEffect(() => setComments(''), [orderId]);

  const transition = useMutation({
    mutationFn: (status: PurchaseOrderTargetStatus) =>
      purchaseOrdersApi.changeStatus(orderId ?? '', { status, reviewComments: comments.trim() }),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      setComments('');
      // The reply is the order as it is now: no need to ask again; lists and stats are stale.
      queryClient.setQueryData(purchaseOrderKeys.detail(reply.order.id), reply.order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.stats() }),
      ]);
    },
    onError: async (failure) => {
      toast.error(errorMessage(failure, STATUS_FAILED));
      // A 409 means someone else moved it: show the current state.
      await queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.detail(orderId ?? '') });
    },
  });

  async function print(order: PurchaseOrderView) {
    // Opened now, while the click still counts as a user gesture; filled when the PDF arrives.
    const tab = window.open('', '_blank');
    setPrinting(true);
    try {
      const { blob, filename } = await purchaseOrdersApi.pdf(order.id);
      if (tab) tab.location.href = URL.createObjectURL(blob);
      else downloadBlob(blob, filename ?? `pedido-${order.orderNumber}.pdf`);
    } catch (failure) {
      tab?.close();
      toast.error(errorMessage(failure, PRINT_FAILED));
    } finally {
      setPrinting(false);
    }
  }

  const order = details.data;
  const title = order ? `Detalhes do Pedido #${order.orderNumber}` : 'Detalhes do Pedido';
  return (
    <Modal
      isOpen={orderId !== null}
      onOpenChange={(open) => !open && !transition.isPending && onClose()}
      title={title}
      size="lg"
      footer={
        <>
          {order && (
            <Button variant="secondary" onPress={() => void print(order)} isPending={printing}>
              Imprimir
            </Button>
          )}
          <Button variant="secondary" onPress={onClose} isDisabled={transition.isPending}>
            Fechar
          </Button>
        </>
      }
    >
      {details.isPending ? (
        <div className="page-loading">
          <Spinner label="Carregando detalhes do pedido..." />
        </div>
      ) : !order ? (
        <ErrorBanner message={errorMessage(details.error, DETAILS_FAILED)} />
      ) : (
        <div className="po-details">
          <OrderBody order={order} />
          {order.allowedTransitions.length > 0 && (
            <section className="po-details__actions" aria-label="Ações do pedido">
              <TextArea label="Comentários (opcional)" rows={2} value={comments} onChange={setComments} />
              <div className="po-details__buttons">
                {order.allowedTransitions.map((status) => (
                  <Button
                    key={status}
                    variant={TRANSITION_VARIANTS[status]}
                    isDisabled={transition.isPending}
                    onPress={() => transition.mutate(status)}
                  >
                    {PURCHASE_ORDER_TRANSITION_LABELS[status]}
                  </Button>
                ))}
              </div>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
