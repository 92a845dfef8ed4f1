import type { DepartmentRequest, DepartmentView } from '@contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';

export const NAME_REQUIRED = 'Nome do departamento é obrigatório';

export interface DepartmentModalProps {
  isOpen: boolean;
  /** The department being edited; null = create mode (spec 2 §4 "Department modal"). */
  department: DepartmentView | null;
  onClose: () => void;
  /** Throws to keep the modal open; the text of the failure is shown inside. */
  onSubmit: (body: DepartmentRequest) => Promise<void>;
  failureText: (error: unknown) => string;
}

/** 'New Department' / 'Edit Department' with Save (or Update) and Cancel (spec 2 §2.9). */
export function DepartmentModal({ isOpen, department, onClose, onSubmit, failureText }: DepartmentModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = department !== null;

  useEffect(() => {
    if (!isOpen) return;
    setName(department?.name ?? '');
    setDescription(department?.description ?? '');
    setError(null);
  }, [isOpen, department]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError(NAME_REQUIRED);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), description: description.trim() || null });
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !saving && onClose()}
      title={editing ? 'Edit Department' : 'New Department'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="department-form" isPending={saving}>
            {editing ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <Form
        id="department-form"
        className="people-form"
        onSubmit={(event) => void submit(event)}
        validationBehavior="aria"
      >
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <TextField label="Nome" name="name" value={name} onChange={setName} isRequired autoFocus />
        <TextArea label="Descrição" name="description" value={description} onChange={setDescription} />
      </Form>
    </Modal>
  );
}
