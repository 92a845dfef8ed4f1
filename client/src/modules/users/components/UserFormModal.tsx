import { DEFAULT_DEPARTMENTS, LEVELS, type DepartmentView } from '@contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { messageFor, stillFails, type FieldProblem } from '@/ui/field-problem';
import { Modal } from '@/ui/Modal';
import { Select } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import { useRevealError } from '@/ui/useRevealError';
import { EMPTY_USER_FORM, prepareUserForm, type UserForm } from '../utils/user-form';
import { suggestUsername } from '../utils/username-suggestion';

const ROLE_OPTIONS = [
  { id: 'operator', label: 'Operador' },
  { id: 'admin', label: 'Administrador' },
];
const LEVEL_OPTIONS = LEVELS.map((level) => ({ id: level, label: level }));

export interface UserFormModalProps {
  mode: 'add' | 'edit';
  isOpen: boolean;
  initial?: UserForm;
  departments: DepartmentView[];
  onClose: () => void;
  /** Sends the form; throws to keep the modal open (the message is shown inside). */
  onSubmit: (form: UserForm) => Promise<void>;
  /** Text of a failed submit: the server's message or the screen's fallback. */
  failureText: (error: unknown) => string;
}

/** Add user and edit user (docs/accounts.md#user-management). */
export function UserFormModal({
  mode,
  isOpen,
  initial,
  departments,
  onClose,
  onSubmit,
  failureText,
}: UserFormModalProps) {
  const [form, setForm] = useState<UserForm>(initial ?? EMPTY_USER_FORM);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isOpen) {
      setForm(initial ?? EMPTY_USER_FORM);
      setError(null);
      setProblem(null);
    }
  }, [isOpen, initial]);

  // A failed submit brings the invalid field (or the server's message) into view.
  const formRef = useRevealError<HTMLFormElement>(problem ?? error);

  const set = (field: keyof UserForm) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    const after = prepareUserForm(next, mode);
    if (problem && !stillFails(problem, 'problem' in after ? after.problem : null)) setProblem(null);
  };
  const fieldError = (field: keyof UserForm) => messageFor(problem, field);
  const suggestion = suggestUsername(form.name);
  const names = departments.length ? departments.map((d) => d.name) : [...DEFAULT_DEPARTMENTS];
  const departmentOptions = names.map((name) => ({ id: name, label: name }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const prepared = prepareUserForm(form, mode);
    setError(null);
    if ('problem' in prepared) {
      setProblem(prepared.problem);
      return;
    }
    setProblem(null);
    setForm(prepared.form);
    setSaving(true);
    try {
      await onSubmit(prepared.form);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSaving(false);
    }
  }

  const formId = `user-form-${mode}`;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !saving && onClose()}
      title={mode === 'add' ? 'Adicionar Usuário' : 'Editar Usuário'}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} isPending={saving}>
            {mode === 'add' ? 'Adicionar' : 'Salvar Alterações'}
          </Button>
        </>
      }
    >
      <Form
        ref={formRef}
        id={formId}
        className="people-form"
        onSubmit={(event) => void submit(event)}
        validationBehavior="aria"
      >
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <TextField
          label="Nome completo"
          name="name"
          value={form.name}
          onChange={set('name')}
          onBlur={() => mode === 'add' && !form.username.trim() && suggestion && set('username')(suggestion)}
          errorMessage={fieldError('name')}
          isRequired
          autoFocus
        />
        <TextField
          label="Nome de usuário"
          name="username"
          value={form.username}
          onChange={set('username')}
          placeholder={suggestion || 'nome.sobrenome'}
          description={mode === 'add' ? 'Formato sugerido: nome.sobrenome' : undefined}
          isReadOnly={mode === 'edit'}
          isDisabled={mode === 'edit'}
          isRequired={mode === 'add'}
          errorMessage={fieldError('username')}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={form.email}
          onChange={set('email')}
          errorMessage={fieldError('email')}
          isRequired
        />
        <Select
          label="Departamento"
          options={departmentOptions}
          value={form.department || null}
          onChange={set('department')}
          placeholder="Selecione o departamento"
          errorMessage={fieldError('department')}
          isRequired
        />
        <div className="people-form__row">
          <Select label="Perfil" options={ROLE_OPTIONS} value={form.role} onChange={set('role')} />
          <Select label="Nível hierárquico" options={LEVEL_OPTIONS} value={form.level} onChange={set('level')} />
        </div>
      </Form>
    </Modal>
  );
}
