import { TextField } from '@/ui/TextField';
import type { PasswordChangeErrors, PasswordChangeForm } from '../validation';

interface PasswordChangeFieldsProps {
  values: PasswordChangeForm;
  onChange: (field: keyof PasswordChangeForm) => (value: string) => void;
  errors?: PasswordChangeErrors;
  /** Hint under the new password. */
  newPasswordDescription?: string;
  autoFocus?: boolean;
}

/** Current password, new password and its confirmation: the fields of every password change. */
export function PasswordChangeFields({
  values,
  onChange,
  errors = {},
  newPasswordDescription,
  autoFocus,
}: PasswordChangeFieldsProps) {
  return (
    <>
      <TextField
        label="Senha atual"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={onChange('currentPassword')}
        errorMessage={errors.currentPassword}
        isRequired
        autoFocus={autoFocus}
      />
      <TextField
        label="Nova senha"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={onChange('newPassword')}
        description={newPasswordDescription}
        errorMessage={errors.newPassword}
        isRequired
      />
      <TextField
        label="Confirmar nova senha"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        errorMessage={errors.confirmPassword}
        isRequired
      />
    </>
  );
}
