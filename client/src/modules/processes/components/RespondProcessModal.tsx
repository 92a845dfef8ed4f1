import { useState } from 'react';
import { FileListInput } from '../../../ui/FileListInput';
import { TextArea } from '../../../ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessAction } from '../hooks/useProcessAction';
import { ActionModal } from './ActionModal';
import type { ProcessActionModalProps } from './ForwardProcessModal';

/** Add a response: text (6 rows, required after trimming) and optional attachments. */
export function RespondProcessModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const action = useProcessAction(
    { success: 'Resposta adicionada com sucesso!', failure: 'Erro ao adicionar resposta. Por favor, tente novamente.' },
    onDone,
  );
  const close = () => {
    setText('');
    setFiles([]);
    action.setError(null);
    onClose();
  };
  const submit = async () => {
    if (!text.trim()) return action.setError('Por favor, adicione uma resposta.');
    if (await action.run(() => processesApi.respond(process.id, text.trim(), files))) close();
  };
  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Adicionar Resposta"
      submitLabel="Enviar Resposta"
      onSubmit={() => void submit()}
      pending={action.pending}
      error={action.error}
      onDismissError={() => action.setError(null)}
    >
      <TextArea label="Resposta" isRequired rows={6} value={text} onChange={setText} />
      <FileListInput label="Anexos (opcional)" files={files} onChange={setFiles} isDisabled={action.pending} />
    </ActionModal>
  );
}
