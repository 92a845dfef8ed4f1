import { useState } from 'react';
import { FileListInput } from '../../../ui/FileListInput';
import { processesApi } from '../api/processes-api';
import { useProcessAction } from '../hooks/useProcessAction';
import { ActionModal } from './ActionModal';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Attach one file to the process. */
export function AttachDocumentModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const [files, setFiles] = useState<File[]>([]);
  const action = useProcessAction(
    {
      success: 'Documento adicionado com sucesso!',
      failure: 'Erro ao adicionar documento. Por favor, tente novamente.',
    },
    onDone,
  );
  const close = () => {
    setFiles([]);
    action.setError(null);
    onClose();
  };
  const submit = async () => {
    if (files.length === 0) return action.setError('Por favor, selecione um arquivo para anexar.');
    if (await action.run(() => processesApi.attach(process.id, files[0]))) close();
  };
  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Anexar Documento"
      submitLabel="Anexar"
      onSubmit={() => void submit()}
      pending={action.pending}
      error={action.error}
      onDismissError={() => action.setError(null)}
    >
      <FileListInput
        label="Arquivo"
        addLabel="Selecionar arquivo"
        multiple={false}
        files={files}
        onChange={setFiles}
        isDisabled={action.pending}
      />
    </ActionModal>
  );
}
