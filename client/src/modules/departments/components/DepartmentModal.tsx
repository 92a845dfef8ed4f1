import { type DepartmentRequest, departmentRequestSchema, type DepartmentView } from '@contracts';
import { useEffect, useState } from 'react';
import { ActionModal } from '@/ui/ActionModal';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { useContractSubmit } from '@/ui/useContractSubmit';

const NAME_FIELD = ['name'] as const;

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
  const { problem, touched, frame } = useContractSubmit(departmentRequestSchema, NAME_FIELD, {
    isOpen,
    send: onSubmit,
    failureText,
  });
  const editing = department !== null;

  useEffect(() => {
    if (!isOpen) return;
    setName(department?.name ?? '');
    setDescription(department?.description ?? '');
  }, [isOpen, department]);

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Editar Departamento' : 'Novo Departamento'}
      submitLabel={editing ? 'Atualizar' : 'Salvar'}
      size="sm"
      // The server's own checks (departmentRequestSchema): the name at its field, the rest in the banner.
      {...frame(() => ({ name: name.trim(), description: description.trim() || null }))}
    >
      <TextField
        label="Nome"
        name="name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (value.trim()) touched('name');
        }}
        errorMessage={problem?.message}
        isRequired
        autoFocus
      />
      <TextArea label="Descrição" name="description" value={description} onChange={setDescription} />
    </ActionModal>
  );
}
