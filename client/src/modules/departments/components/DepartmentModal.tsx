import { type DepartmentRequest, departmentRequestSchema, type DepartmentView, parseContract } from '@contracts';
import { useEffect, useState } from 'react';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem, type FieldProblem } from '@/ui/field-problem';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';

export interface DepartmentModalProps {
  isOpen: boolean;
  /** The department being edited; null = create mode (docs/accounts.md#departments). */
  department: DepartmentView | null;
  onClose: () => void;
  /** Throws to keep the modal open; the text of the failure is shown inside. */
  onSubmit: (body: DepartmentRequest) => Promise<void>;
  failureText: (error: unknown) => string;
}

/** 'Novo Departamento' / 'Editar Departamento' with Salvar (or Atualizar) and Cancelar (docs/accounts.md#departments). */
export function DepartmentModal({ isOpen, department, onClose, onSubmit, failureText }: DepartmentModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<FieldProblem<'name'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = department !== null;

  useEffect(() => {
    if (!isOpen) return;
    setName(department?.name ?? '');
    setDescription(department?.description ?? '');
    setProblem(null);
    setError(null);
  }, [isOpen, department]);

  async function submit() {
    setError(null);
    const body = { name: name.trim(), description: description.trim() || null };
    // The server's own checks (departmentRequestSchema): the name at its field, the rest in the banner.
    const checked = parseContract(departmentRequestSchema, body);
    if (!checked.ok) {
      return checked.path[0] === 'name' ? setProblem(fieldProblem('name', checked.message)) : setError(checked.message);
    }
    setSaving(true);
    try {
      await onSubmit(body);
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
      title={editing ? 'Editar Departamento' : 'Novo Departamento'}
      submitLabel={editing ? 'Atualizar' : 'Salvar'}
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
          if (value.trim()) setProblem(null);
        }}
        errorMessage={problem?.message}
        isRequired
        autoFocus
      />
      <TextArea label="Descrição" name="description" value={description} onChange={setDescription} />
    </ActionModal>
  );
}
