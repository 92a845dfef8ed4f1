import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { FileListInput } from '@/ui/FileListInput';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Attach one file to the process. */
export function AttachDocumentModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    { files: [] as File[] },
    {
      texts: {
        success: 'Documento adicionado com sucesso!',
        failure: 'Erro ao adicionar documento. Por favor, tente novamente.',
      },
      validate: ({ files }) =>
        files.length > 0 ? null : fieldProblem('files', 'Por favor, selecione um arquivo para anexar.'),
      send: ({ files }) => processesApi.attach(process.id, files[0]),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Anexar Documento" submitLabel="Anexar" {...form.frame}>
      <FileListInput
        label="Arquivo"
        addLabel="Selecionar arquivo"
        multiple={false}
        files={form.values.files}
        onChange={form.set('files')}
        isDisabled={form.frame.pending}
        errorMessage={form.fieldError('files')}
      />
    </ActionModal>
  );
}
