import type { UserLookup } from '@contracts';
import { useMemo, useState } from 'react';
import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { Checkbox } from '@/ui/Checkbox';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';

export interface UserAccessPickerProps {
  label: string;
  users: readonly UserLookup[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  loading?: boolean;
  error?: string | null;
  isDisabled?: boolean;
  /** Validation message (nobody chosen yet). */
  errorMessage?: string;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Choose the users who may see a confidential process (filterable checkbox list). */
export function UserAccessPicker({
  label,
  users,
  selected,
  onChange,
  loading,
  error,
  isDisabled,
  errorMessage,
}: UserAccessPickerProps) {
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => {
    const wanted = normalise(filter.trim());
    return wanted ? users.filter((user) => normalise(`${user.name} ${user.department}`).includes(wanted)) : users;
  }, [users, filter]);

  if (loading) return <Spinner label="Carregando usuários..." size="sm" />;
  if (error)
    return (
      <p className="field__error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="user-access-picker">
      <TextField label="Filtrar usuários" type="search" value={filter} onChange={setFilter} isDisabled={isDisabled} />
      <CheckboxGroup
        value={[...selected]}
        onChange={onChange}
        isDisabled={isDisabled}
        isInvalid={!!errorMessage}
        className="user-access-picker__group"
      >
        <Label className="field__label">
          {label} ({selected.length} selecionado{selected.length === 1 ? '' : 's'})
        </Label>
        <div className="user-access-picker__list">
          {visible.map((user) => (
            <Checkbox key={user._id} value={user._id}>
              {user.name} <span className="muted">— {user.department}</span>
            </Checkbox>
          ))}
          {visible.length === 0 && <p className="muted">Nenhum usuário encontrado.</p>}
        </div>
        <FieldError className="field__error">{errorMessage}</FieldError>
      </CheckboxGroup>
    </div>
  );
}
