import { parseContract, respondProcessSchema } from '@contracts';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { FileListInput } from '@/ui/FileListInput';
import { TextArea } from '@/ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Add a response: text (6 rows, required after trimming) and optional attachments. */
export function RespondProcessModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    { text: '', files: [] as File[] },
    {
      texts: {
        success: 'Resposta adicionada com sucesso!',
        failure: 'Erro ao adicionar resposta. Por favor, tente novamente.',
      },
      // The server's checks (the contract's respondProcessSchema): required after trimming, and its length.
      validate: ({ text }) => {
        const result = parseContract(respondProcessSchema, { response: text });
        return result.ok ? null : fieldProblem('text', result.message);
      },
      send: ({ text, files }) => processesApi.respond(process.id, text.trim(), files),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Adicionar Resposta" submitLabel="Enviar Resposta" {...form.frame}>
      <TextArea
        label="Resposta"
        isRequired
        rows={6}
        value={form.values.text}
        onChange={form.set('text')}
        errorMessage={form.fieldError('text')}
      />
      <FileListInput
        label="Anexos (opcional)"
        files={form.values.files}
        onChange={form.set('files')}
        isDisabled={form.frame.pending}
      />
    </ActionModal>
  );
}
