import { MATERIAL_CATEGORIES, MATERIAL_UNITS } from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Select } from '@/ui/Select';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import { materialItemKeys } from '../api/purchase-order-keys';
import {
  buildMaterialRequest,
  initialMaterialForm,
  type MaterialFormValues,
  validateMaterialForm,
} from '../utils/order-form';
import { ActionModal } from '@/ui/ActionModal';
import { useActionForm } from '@/ui/useActionForm';

const CREATE_FAILED = 'Erro ao criar material';
const UNIT_OPTIONS = MATERIAL_UNITS.map((id) => ({ id, label: id }));
const CATEGORY_OPTIONS = MATERIAL_CATEGORIES.map((id) => ({ id, label: id }));

/** 'Criar Novo Material' (docs/purchase-orders.md#screen). */
export function CreateMaterialModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: purchaseOrdersApi.createMaterial,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: materialItemKeys.all });
    },
    onError: (failure) => {
      const message = errorMessage(failure, CREATE_FAILED);
      setError(message);
      toast.error(message);
    },
  });
  const { values, set, frame, fieldError } = useActionForm<MaterialFormValues>(
    initialMaterialForm(),
    { pending: create.isPending, error, setError },
    {
      validate: validateMaterialForm,
      submit: (form) =>
        create.mutateAsync(buildMaterialRequest(form)).then(
          () => true,
          () => false,
        ),
      onClose,
    },
  );

  return (
    <ActionModal
      {...frame}
      isOpen={isOpen}
      title="Criar Novo Material"
      submitLabel={create.isPending ? 'Criando...' : 'Criar Material'}
      isDismissable={false}
    >
      <TextField label="Nome" isRequired value={values.name} onChange={set('name')} errorMessage={fieldError('name')} />
      <TextArea label="Descrição" rows={2} value={values.description} onChange={set('description')} />
      <div className="po-form__grid">
        <Select
          label="Unidade"
          isRequired
          options={UNIT_OPTIONS}
          value={values.unit || null}
          onChange={set('unit')}
          errorMessage={fieldError('unit')}
        />
        <Select
          label="Categoria"
          isRequired
          options={CATEGORY_OPTIONS}
          value={values.category || null}
          onChange={set('category')}
          errorMessage={fieldError('category')}
        />
      </div>
    </ActionModal>
  );
}
