import { finalizeProcessSchema, parseContract } from '@contracts';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { TextArea } from '@/ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Finalize with a final note; afterwards the process accepts no more actions. */
export function FinalizeProcessModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    { note: '' },
    {
      texts: {
        success: 'Processo finalizado com sucesso!',
        failure: 'Erro ao finalizar processo. Por favor, tente novamente.',
      },
      // The server's checks (the contract's finalizeProcessSchema): required after trimming, and its length.
      validate: ({ note }) => {
        const result = parseContract(finalizeProcessSchema, { finalResponse: note });
        return result.ok ? null : fieldProblem('note', result.message);
      },
      send: ({ note }) => processesApi.finalize(process.id, { finalResponse: note.trim() }),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Finalizar Processo" submitLabel="Finalizar" {...form.frame}>
      <TextArea
        label="Observação final"
        isRequired
        rows={6}
        value={form.values.note}
        onChange={form.set('note')}
        errorMessage={form.fieldError('note')}
      />
    </ActionModal>
  );
}
