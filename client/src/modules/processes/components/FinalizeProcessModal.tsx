import { useState } from 'react';
import { TextArea } from '../../../ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessAction } from '../hooks/useProcessAction';
import { ActionModal } from './ActionModal';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Finalize with a final note; afterwards the process accepts no more actions. */
export function FinalizeProcessModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const [note, setNote] = useState('');
  const action = useProcessAction(
    { success: 'Processo finalizado com sucesso!', failure: 'Erro ao finalizar processo. Por favor, tente novamente.' },
    onDone,
  );
  const close = () => {
    setNote('');
    action.setError(null);
    onClose();
  };
  const submit = async () => {
    if (!note.trim()) return action.setError('Por favor, adicione uma observação final.');
    if (await action.run(() => processesApi.finalize(process.id, { finalResponse: note.trim() }))) close();
  };
  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Finalizar Processo"
      submitLabel="Finalizar"
      onSubmit={() => void submit()}
      pending={action.pending}
      error={action.error}
      onDismissError={() => action.setError(null)}
    >
      <TextArea label="Observação final" isRequired rows={6} value={note} onChange={setNote} />
    </ActionModal>
  );
}
