import type { Level, Role, UserView } from '@contracts';
import { suggestUsername } from './username-suggestion';

export const REQUIRED_FIELDS_MESSAGE = 'Por favor, preencha todos os campos obrigatórios.';

export interface UserForm {
  name: string;
  username: string;
  email: string;
  department: string;
  role: Role;
  level: Level;
}

/** Spec 2 §5: defaults role operator, level Funcionário. */
export const EMPTY_USER_FORM: UserForm = {
  name: '',
  username: '',
  email: '',
  department: '',
  role: 'operator',
  level: 'Funcionário',
};

export function userToForm(user: UserView): UserForm {
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    department: user.department,
    role: user.role,
    level: user.level ?? 'Funcionário',
  };
}

/**
 * Add: name, username, e-mail and department are required; an empty username is first filled
 * with the suggestion from the name. Edit: name, e-mail and department. Returns the form to send,
 * or the spec's message.
 */
export function prepareUserForm(form: UserForm, mode: 'add' | 'edit'): { form: UserForm } | { error: string } {
  const trimmed: UserForm = {
    ...form,
    name: form.name.trim(),
    email: form.email.trim(),
    department: form.department.trim(),
    username: (form.username.trim() || (mode === 'add' ? suggestUsername(form.name) : '')).toLowerCase(),
  };
  const required = [trimmed.name, trimmed.email, trimmed.department, ...(mode === 'add' ? [trimmed.username] : [])];
  return required.every(Boolean) ? { form: trimmed } : { error: REQUIRED_FIELDS_MESSAGE };
}
