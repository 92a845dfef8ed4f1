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
import { messageFor, stillFails, type FieldProblem } from '@/ui/field-problem';
import { ActionModal } from '@/ui/ActionModal';

const CREATE_FAILED = 'Erro ao criar material';
const UNIT_OPTIONS = MATERIAL_UNITS.map((id) => ({ id, label: id }));
const CATEGORY_OPTIONS = MATERIAL_CATEGORIES.map((id) => ({ id, label: id }));

/** 'Criar Novo Material' (spec 2 §2.11, §5, §9). */
export function CreateMaterialModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MaterialFormValues>(initialMaterialForm);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const create = useMutation({
    mutationFn: purchaseOrdersApi.createMaterial,
    onSuccess: async (reply) => {
      toast.success(reply.message);
      setValues(initialMaterialForm());
      setError(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: materialItemKeys.all });
    },
    onError: (failure) => {
      const message = errorMessage(failure, CREATE_FAILED);
      setError(message);
      toast.error(message);
    },
  });
  const set = (key: keyof MaterialFormValues, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (problem && !stillFails(problem, validateMaterialForm(next))) setProblem(null);
  };
  const fieldError = (field: keyof MaterialFormValues) => messageFor(problem, field);
  const close = () => {
    if (create.isPending) return;
    setValues(initialMaterialForm());
    setError(null);
    setProblem(null);
    onClose();
  };
  const submit = () => {
    const invalid = validateMaterialForm(values);
    setProblem(invalid);
    setError(null);
    if (!invalid) create.mutate(buildMaterialRequest(values));
  };

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Criar Novo Material"
      submitLabel={create.isPending ? 'Criando...' : 'Criar Material'}
      onSubmit={submit}
      pending={create.isPending}
      error={error}
      onDismissError={() => setError(null)}
      problem={problem}
      isDismissable={false}
    >
      <TextField
        label="Nome"
        isRequired
        value={values.name}
        onChange={(v) => set('name', v)}
        errorMessage={fieldError('name')}
      />
      <TextArea label="Descrição" rows={2} value={values.description} onChange={(v) => set('description', v)} />
      <div className="po-form__grid">
        <Select
          label="Unidade"
          isRequired
          options={UNIT_OPTIONS}
          value={values.unit || null}
          onChange={(v) => set('unit', v)}
          errorMessage={fieldError('unit')}
        />
        <Select
          label="Categoria"
          isRequired
          options={CATEGORY_OPTIONS}
          value={values.category || null}
          onChange={(v) => set('category', v)}
          errorMessage={fieldError('category')}
        />
      </div>
    </ActionModal>
  );
}
