import {
  type DocumentType,
  type DocumentTypeRequest,
  documentTypeRequestSchema,
  parseContract,
  SIGNATURE_LEVEL_LABELS,
  SIGNATURE_TYPES,
  type SignatureType,
} from '@contracts';
import { useEffect, useState } from 'react';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem, type FieldProblem, messageFor } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { TextField } from '@/ui/TextField';

type Field = 'name' | 'minimumLevel';
const FIELDS: readonly Field[] = ['name', 'minimumLevel'];
const LEVEL_OPTIONS = SIGNATURE_TYPES.map((id) => ({ id, label: SIGNATURE_LEVEL_LABELS[id] }));

export interface DocumentTypeModalProps {
  /** The type being edited; null to create one. */
  editing: DocumentType | null;
  isOpen: boolean;
  onClose: () => void;
  /** Throws to keep the modal open; the text of the failure is shown inside. */
  onSubmit: (body: DocumentTypeRequest) => Promise<void>;
  failureText: (error: unknown) => string;
}

/** 'Novo tipo de documento' / 'Editar tipo de documento': name and minimum signature level. */
export function DocumentTypeModal({ editing, isOpen, onClose, onSubmit, failureText }: DocumentTypeModalProps) {
  const [name, setName] = useState('');
  const [level, setLevel] = useState<SignatureType>('simple');
  const [problem, setProblem] = useState<FieldProblem<Field> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setName(editing?.name ?? '');
    setLevel(editing?.minimumLevel ?? 'simple');
    setProblem(null);
    setError(null);
  }, [isOpen, editing]);

  async function submit() {
    setError(null);
    // The server's own checks (documentTypeRequestSchema), each message at its field.
    const checked = parseContract(documentTypeRequestSchema, { name, minimumLevel: level });
    if (!checked.ok) {
      const field = FIELDS.find((f) => f === checked.path[0]);
      return field ? setProblem(fieldProblem(field, checked.message)) : setError(checked.message);
    }
    setSaving(true);
    try {
      await onSubmit(checked.data);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Editar tipo de documento' : 'Novo tipo de documento'}
      submitLabel="Salvar"
      size="sm"
      onSubmit={() => void submit()}
      pending={saving}
      error={error}
      onDismissError={() => setError(null)}
      problem={problem}
    >
      <TextField
        label="Nome"
        name="name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (value.trim() && problem?.field === 'name') setProblem(null);
        }}
        errorMessage={messageFor(problem, 'name')}
        isRequired
      />
      <Select
        label="Assinatura mínima"
        options={LEVEL_OPTIONS}
        value={level}
        onChange={(value) => setLevel(value as SignatureType)}
        errorMessage={messageFor(problem, 'minimumLevel')}
        isRequired
      />
      <p className="muted">
        Qualificada: só assinaturas com certificado digital ICP-Brasil (Lei nº 14.063/2020, art. 4º, III) assinam
        documentos deste tipo. A mudança vale para os documentos ainda não assinados.
      </p>
    </ActionModal>
  );
}
