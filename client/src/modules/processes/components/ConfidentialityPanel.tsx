import { PROCESS_MESSAGES, type ProcessView } from '@contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Switch } from '@/ui/Switch';
import { toast } from '@/ui/toast';
import { processesApi } from '../api/processes-api';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { UserAccessPicker } from '@/modules/users/components/UserAccessPicker';

const NEED_USER = PROCESS_MESSAGES.confidentialAccessRequired;
const TOGGLE_ERROR = 'Falha ao atualizar o status sigiloso do processo.';
const SAVE_ERROR = 'Falha ao salvar as alterações de acesso sigiloso.';

export interface ConfidentialityPanelProps {
  process: ProcessView;
  onChanged: (process: ProcessView) => void;
}

/**
 * For privileged viewers: whether the process is confidential and who may see it. Admins and
 * Gabinete edit it: switching off applies at once (the list is cleared), switching on needs at
 * least one user and a save.
 */
export function ConfidentialityPanel({ process, onChanged }: ConfidentialityPanelProps) {
  const editable = process.permissions.canEditConfidentiality;
  const [confidential, setConfidential] = useState(process.confidential);
  const [selected, setSelected] = useState<string[]>(process.confidentialAccess);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const lookups = useUserLookups(editable && confidential);
  const [, navigate] = useLocation();

  useEffect(() => {
    setConfidential(process.confidential);
    setSelected(process.confidentialAccess);
  }, [process.confidential, process.confidentialAccess]);

  const send = async (on: boolean, access: string[], failure: string) => {
    setSaving(true);
    setError(null);
    try {
      const reply = await processesApi.toggleConfidential(process.id, { confidential: on, confidentialAccess: access });
      toast.success(reply.message);
      // A Gabinete user who left themself off the access list no longer sees the process.
      if (reply.process) onChanged(reply.process);
      else navigate('/processes');
    } catch (cause) {
      const message = errorMessage(cause, failure);
      setError(message);
      toast.error(message);
      setConfidential(process.confidential);
    } finally {
      setSaving(false);
    }
  };

  const toggle = (on: boolean) => {
    setConfidential(on);
    setError(null);
    if (on) return setSelected(process.confidential ? process.confidentialAccess : []);
    if (process.confidential) void send(false, [], TOGGLE_ERROR);
  };

  const save = () => {
    if (selected.length === 0) return setError(NEED_USER);
    void send(true, selected, SAVE_ERROR);
  };

  return (
    <Card title="Controle de Sigilo" className="confidentiality-panel">
      {editable ? (
        <Switch isSelected={confidential} onChange={toggle} isDisabled={saving}>
          Processo sigiloso
        </Switch>
      ) : (
        <p>{process.confidential ? 'Este processo é sigiloso.' : 'Este processo não é sigiloso.'}</p>
      )}
      {editable && confidential ? (
        <>
          <UserAccessPicker
            label="Usuários autorizados"
            users={lookups.users}
            selected={selected}
            onChange={setSelected}
            loading={lookups.loading}
            error={lookups.error}
            isDisabled={saving}
          />
          <Button onPress={save} isPending={saving}>
            Salvar alterações
          </Button>
        </>
      ) : (
        process.confidential && (
          <div>
            <h3 className="field__label">Usuários autorizados</h3>
            {process.confidentialAccessUsers.length ? (
              <ul aria-label="Usuários autorizados">
                {process.confidentialAccessUsers.map((user) => (
                  <li key={user._id}>
                    {user.name} <span className="muted">— {user.department}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nenhum usuário autorizado.</p>
            )}
          </div>
        )
      )}
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
    </Card>
  );
}
