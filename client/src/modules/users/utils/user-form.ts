import { type Level, type Role, USER_MESSAGES, type UserView } from '@contracts';
import { fieldProblem, type FieldProblem } from '@/ui/field-problem';
import { suggestUsername } from './username-suggestion';

export interface UserForm {
  name: string;
  username: string;
  email: string;
  department: string;
  role: Role;
  level: Level;
}

/** docs/accounts.md#validation: defaults role operator, level Funcionário. */
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
 * or the spec's message on the first empty field (in the order of the form).
 */
export function prepareUserForm(
  form: UserForm,
  mode: 'add' | 'edit',
): { form: UserForm } | { problem: FieldProblem<keyof UserForm> } {
  const trimmed: UserForm = {
    ...form,
    name: form.name.trim(),
    email: form.email.trim(),
    department: form.department.trim(),
    username: (form.username.trim() || (mode === 'add' ? suggestUsername(form.name) : '')).toLowerCase(),
  };
  const required: (keyof UserForm)[] = [
    'name',
    ...(mode === 'add' ? (['username'] as const) : []),
    'email',
    'department',
  ];
  const missing = required.find((field) => !trimmed[field]);
  return missing ? { problem: fieldProblem(missing, USER_MESSAGES.requiredFields) } : { form: trimmed };
}
