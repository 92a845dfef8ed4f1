import { Checkbox } from '@/ui/Checkbox';
import { UserAccessPicker } from '@/modules/users/components/UserAccessPicker';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';

export interface ConfidentialFieldsProps {
  confidential: boolean;
  /** Users who may also see a confidential document (the author always may). */
  access: string[];
  onChange: (values: { confidential: boolean; access: string[] }) => void;
}

/** The confidential checkbox of a new document and, when ticked, who else may see it (docs/documents.md#viewer). */
export function ConfidentialFields({ confidential, access, onChange }: ConfidentialFieldsProps) {
  return (
    <>
      <Checkbox isSelected={confidential} onChange={(next) => onChange({ confidential: next, access })}>
        Documento sigiloso (visível apenas para Chefia dos setores com acesso, o autor e a lista de acesso)
      </Checkbox>
      {confidential && <AccessPicker selected={access} onChange={(next) => onChange({ confidential, access: next })} />}
    </>
  );
}

function AccessPicker({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const { users, loading, error } = useUserLookups();
  return (
    <UserAccessPicker
      label="Usuários com acesso ao documento sigiloso"
      users={users}
      selected={selected}
      onChange={onChange}
      loading={loading}
      error={error}
    />
  );
}
