import {
  createUserRequestSchema,
  type Level,
  parseContract,
  type Role,
  updateUserRequestSchema,
  type UserView,
} from '@contracts';
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

/** The form's fields in the order it shows them: the first one in trouble gets the message. */
const FORM_ORDER: readonly (keyof UserForm)[] = ['name', 'username', 'email', 'department', 'role', 'level'];
const byFormOrder = (path: PropertyKey[]) => FORM_ORDER.indexOf(path[0] as keyof UserForm);

/**
 * Add: name, username, e-mail and department are required; an empty username is first filled
 * with the suggestion from the name. Edit: name, e-mail and department. The server's own schema
 * (createUserRequestSchema, updateUserRequestSchema) checks the form: returns the form to send,
 * trimmed, or the message of the first field in trouble (in the order of the form).
 */
export function prepareUserForm(
  form: UserForm,
  mode: 'add' | 'edit',
): { form: UserForm } | { problem: FieldProblem<keyof UserForm> } {
  const { username, ...fields } = form;
  const checked =
    mode === 'add'
      ? parseContract(
          createUserRequestSchema,
          { ...fields, username: username.trim() || suggestUsername(form.name) },
          byFormOrder,
        )
      : parseContract(updateUserRequestSchema, fields, byFormOrder);
  if (!checked.ok) return { problem: fieldProblem(checked.path[0] as keyof UserForm, checked.message) };
  return { form: { ...form, ...checked.data } };
}
