import type { DocumentView } from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toast';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { documentsApi } from '../api/documents-api';
import { signingFlowProblem } from '../utils/document-form';

/** The ordered list of signers, editable by the author until the first signature. */
export function SigningFlowEditor({ doc, onSaved }: { doc: DocumentView; onSaved: (doc: DocumentView) => void }) {
  const { users, error } = useUserLookups();
  const [ids, setIds] = useState<string[]>(doc.signingFlow.map((entry) => entry.userId));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const nameOf = (id: string) =>
    users.find((u) => u._id === id)?.name ?? doc.signingFlow.find((e) => e.userId === id)?.userName ?? id;

  const save = async () => {
    // The server's own check of the list (setSigningFlowSchema), shown at the signer picker.
    const refused = signingFlowProblem(ids);
    setProblem(refused);
    if (refused) return;
    setSaving(true);
    try {
      const saved = await documentsApi.setSigningFlow(doc.id, ids);
      toast.success('Fluxo de assinatura salvo com sucesso!');
      onSaved(saved);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Não foi possível salvar o fluxo de assinatura.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="signing-flow-editor">
      {error && <p className="field__error">{error}</p>}
      <Select
        label="Adicionar signatário"
        placeholder="Selecione um usuário..."
        value={null}
        options={users
          .filter((u) => !ids.includes(u._id))
          .map((u) => ({ id: u._id, label: `${u.name} — ${u.department}` }))}
        onChange={(id) => setIds((current) => [...current, id])}
        errorMessage={problem ?? undefined}
      />
      {ids.length > 0 && (
        <ol className="signing-flow-editor__list">
          {ids.map((id, index) => (
            <li key={id}>
              <span>{nameOf(id)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Subir ${nameOf(id)}`}
                isDisabled={index === 0}
                onPress={() =>
                  setIds((current) => {
                    const next = [...current];
                    [next[index - 1], next[index]] = [next[index], next[index - 1]];
                    return next;
                  })
                }
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remover ${nameOf(id)}`}
                onPress={() => {
                  setIds((current) => current.filter((other) => other !== id));
                  setProblem(null);
                }}
              >
                ×
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button size="sm" onPress={() => void save()} isDisabled={saving}>
        {saving ? 'Salvando...' : 'Salvar fluxo'}
      </Button>
    </div>
  );
}
