import type { SignerInput } from '@contracts';
import { Button } from '@/ui/Button';
import { Select } from '@/ui/Select';
import { useDepartmentNames } from '@/modules/departments/hooks/useDepartments';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';

const keyOf = (signer: SignerInput) => (typeof signer === 'string' ? signer : `chefia:${signer.department}`);

export interface SignerPickerProps {
  value: SignerInput[];
  onChange: (signers: SignerInput[]) => void;
  /** A confidential document: only people on its access list may be asked (the server refuses others). */
  confidential: boolean;
}

/** Signers in order: users, or a department's 'Chefia' (its Chefia users when the request is made). */
export function SignerPicker({ value, onChange, confidential }: SignerPickerProps) {
  const { users, error } = useUserLookups();
  const departments = useDepartmentNames();
  const chosen = new Set(value.map(keyOf));
  const nameOf = (signer: SignerInput) =>
    typeof signer === 'string'
      ? (users.find((u) => u._id === signer)?.name ?? signer)
      : `Chefia — ${signer.department}`;
  const move = (index: number) => {
    const next = [...value];
    [next[index - 1], next[index]] = [next[index], next[index - 1]];
    onChange(next);
  };

  return (
    <div className="signer-picker">
      {error && <p className="field__error">{error}</p>}
      {confidential && (
        <p className="muted">Documento sigiloso: só quem está na lista de acesso pode ser convidado a assinar.</p>
      )}
      <div className="signer-picker__selects">
        <Select
          label="Adicionar signatário"
          placeholder="Selecione um usuário..."
          value={null}
          options={users
            .filter((u) => !chosen.has(u._id))
            .map((u) => ({ id: u._id, label: `${u.name} — ${u.department}` }))}
          onChange={(id) => onChange([...value, id])}
        />
        <Select
          label="Ou a Chefia de um departamento"
          placeholder="Selecione um departamento..."
          value={null}
          options={departments
            .filter((department) => !chosen.has(`chefia:${department}`))
            .map((department) => ({ id: department, label: department }))}
          onChange={(department) => onChange([...value, { department }])}
        />
      </div>
      {value.length === 0 ? (
        <p className="muted">Nenhum signatário escolhido.</p>
      ) : (
        <ol className="signing-flow-editor__list" aria-label="Signatários escolhidos">
          {value.map((signer, index) => (
            <li key={keyOf(signer)}>
              <span>{nameOf(signer)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Subir ${nameOf(signer)}`}
                isDisabled={index === 0}
                onPress={() => move(index)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remover ${nameOf(signer)}`}
                onPress={() => onChange(value.filter((_, other) => other !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
