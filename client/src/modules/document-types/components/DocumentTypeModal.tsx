import {
  type DocumentType,
  type DocumentTypeRequest,
  documentTypeRequestSchema,
  parseContract,
  SIGNATURE_LEVEL_LABELS,
  SIGNATURE_TYPES,
  type SignatureType,
} from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { useActionForm } from '@/ui/useActionForm';
import { documentTypesApi } from '../api/document-types-api';

const SAVE_FAILED = 'Erro ao salvar o tipo de documento';
const LEVEL_OPTIONS = SIGNATURE_TYPES.map((id) => ({ id, label: SIGNATURE_LEVEL_LABELS[id] }));

/** The server's own checks (documentTypeRequestSchema), the message at its field. */
function validate(values: DocumentTypeRequest) {
  const checked = parseContract(documentTypeRequestSchema, values);
  if (checked.ok) return null;
  return fieldProblem(checked.path[0] === 'minimumLevel' ? 'minimumLevel' : 'name', checked.message);
}

export interface DocumentTypeModalProps {
  /** The type being edited; null to create one. */
  editing: DocumentType | null;
  onClose: () => void;
  /** After a save (reload the list); the modal then closes. */
  onSaved: () => Promise<unknown>;
}

/** 'Novo tipo de documento' / 'Editar tipo de documento': name and minimum signature level (docs/documents.md#types). */
export function DocumentTypeModal({ editing, onClose, onSaved }: DocumentTypeModalProps) {
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: DocumentTypeRequest) =>
      editing
        ? documentTypesApi.update(editing.id, { ...body, active: editing.active })
        : documentTypesApi.create(body),
    onSuccess: async () => {
      toast.success('Tipo de documento salvo.');
      await onSaved();
    },
    onError: (failure) => setError(errorMessage(failure, SAVE_FAILED)),
  });
  const { values, set, frame, fieldError } = useActionForm<DocumentTypeRequest>(
    { name: editing?.name ?? '', minimumLevel: editing?.minimumLevel ?? 'simple' },
    { pending: save.isPending, error, setError },
    {
      validate,
      submit: (body) =>
        save.mutateAsync(body).then(
          () => true,
          () => false,
        ),
      onClose,
    },
  );

  return (
    <ActionModal
      {...frame}
      isOpen
      title={editing ? 'Editar tipo de documento' : 'Novo tipo de documento'}
      submitLabel="Salvar"
      size="sm"
    >
      <TextField
        label="Nome"
        name="name"
        value={values.name}
        onChange={set('name')}
        errorMessage={fieldError('name')}
        isRequired
      />
      <Select
        label="Assinatura mínima"
        options={LEVEL_OPTIONS}
        value={values.minimumLevel}
        onChange={(level) => set('minimumLevel')(level as SignatureType)}
        errorMessage={fieldError('minimumLevel')}
        isRequired
      />
      <p className="muted">
        Qualificada: só assinaturas com certificado digital ICP-Brasil (Lei nº 14.063/2020, art. 4º, III) assinam
        documentos deste tipo. A mudança vale para os documentos ainda não assinados.
      </p>
    </ActionModal>
  );
}
