import { PURCHASE_ORDER_PRIORITIES, type MaterialItemView, type PurchaseOrderPriority } from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { DateField } from '@/ui/DateField';
import { MoneyField } from '@/ui/MoneyField';
import { NumberField } from '@/ui/NumberField';
import { Select } from '@/ui/Select';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { purchaseOrderKeys } from '../api/purchase-order-keys';
import {
  buildOrderRequest,
  emptyItem,
  initialOrderForm,
  type OrderFormField,
  type OrderFormValues,
  type OrderItemValues,
  validateOrderForm,
} from '../utils/order-form';
import { priorityLabel } from '../utils/order-labels';
import { ActionModal } from '@/ui/ActionModal';
import { messageFor, stillFails, type FieldProblem } from '@/ui/field-problem';

const CREATE_FAILED = 'Erro ao criar pedido';
const WHOLE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
const PRIORITY_OPTIONS = PURCHASE_ORDER_PRIORITIES.map((id) => ({ id, label: priorityLabel(id) }));

export interface CreatePurchaseOrderModalProps {
  isOpen: boolean;
  onClose: () => void;
  materials: MaterialItemView[];
}

/** 'Criar Novo Pedido de Material' (docs/purchase-orders.md#screen). */
export function CreatePurchaseOrderModal({ isOpen, onClose, materials }: CreatePurchaseOrderModalProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<OrderFormValues>(initialOrderForm);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const create = useMutation({
    mutationFn: purchaseOrdersApi.create,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      setValues(initialOrderForm());
      setError(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
    },
    onError: (failure) => {
      const message = errorMessage(failure, CREATE_FAILED);
      setError(message);
      toast.error(message);
    },
  });
  /** New values; a field that is fixed loses its message at once. */
  const set = <K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (problem && !stillFails(problem, validateOrderForm(next))) setProblem(null);
  };
  const fieldError = (field: OrderFormField) => messageFor(problem, field);
  const setItem = (key: number, patch: Partial<OrderItemValues>) =>
    set(
      'items',
      values.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    );
  const materialOptions = materials.map((m) => ({ id: m.id, label: `${m.name} (${m.unit})` }));

  const close = () => {
    if (create.isPending) return;
    setValues(initialOrderForm());
    setError(null);
    setProblem(null);
    onClose();
  };
  const submit = () => {
    const invalid = validateOrderForm(values);
    setProblem(invalid);
    setError(null);
    if (!invalid) create.mutate(buildOrderRequest(values));
  };

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Criar Novo Pedido de Material"
      size="lg"
      submitLabel={create.isPending ? 'Criando...' : 'Criar Pedido'}
      onSubmit={submit}
      pending={create.isPending}
      error={error}
      onDismissError={() => setError(null)}
      problem={problem}
      isDismissable={false}
    >
      <fieldset className="po-form__section">
        <legend>Itens do pedido</legend>
        {values.items.length === 0 && <p className="po-muted">Nenhum item adicionado.</p>}
        {values.items.map((item, index) => (
          <div key={item.key} className="po-form__item" data-testid="po-item-row">
            <Select
              label={`Material do item ${index + 1}`}
              isRequired
              options={materialOptions}
              value={item.materialItem || null}
              onChange={(v) => setItem(item.key, { materialItem: v })}
              placeholder={materials.length ? 'Selecione o material' : 'Nenhum material cadastrado'}
              errorMessage={fieldError(`material-${item.key}`)}
            />
            <NumberField
              label="Quantidade"
              isRequired
              minValue={1}
              formatOptions={WHOLE}
              value={item.quantity}
              onChange={(v) => setItem(item.key, { quantity: v })}
              errorMessage={fieldError(`quantity-${item.key}`)}
            />
            <TextField
              label="Observação"
              value={item.observation}
              onChange={(v) => setItem(item.key, { observation: v })}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remover item ${index + 1}`}
              onPress={() =>
                set(
                  'items',
                  values.items.filter((other) => other.key !== item.key),
                )
              }
            >
              Remover
            </Button>
          </div>
        ))}
        {fieldError('items') && <p className="field__error">{fieldError('items')}</p>}
        <Button variant="secondary" size="sm" onPress={() => set('items', [...values.items, emptyItem()])}>
          Adicionar Item
        </Button>
      </fieldset>
      <TextArea
        label="Justificativa"
        isRequired
        rows={3}
        value={values.justification}
        onChange={(v) => set('justification', v)}
        errorMessage={fieldError('justification')}
      />
      <TextArea label="Observações" rows={2} value={values.observations} onChange={(v) => set('observations', v)} />
      <div className="po-form__grid">
        <Select
          label="Prioridade"
          options={PRIORITY_OPTIONS}
          value={values.priority}
          onChange={(v) => set('priority', v as PurchaseOrderPriority)}
        />
        <MoneyField
          label="Valor estimado (R$)"
          value={values.estimatedTotal}
          onChange={(v) => set('estimatedTotal', v)}
          errorMessage={fieldError('estimatedTotal')}
        />
        <DateField
          label="Data de entrega prevista"
          value={values.deliveryExpected || null}
          onChange={(day) => set('deliveryExpected', day ?? '')}
        />
      </div>
    </ActionModal>
  );
}
