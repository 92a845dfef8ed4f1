import type { ProcessView } from '@contracts';
import { useState } from 'react';
import { Select } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessAction } from '../hooks/useProcessAction';
import { ActionModal } from './ActionModal';

export interface ProcessActionModalProps {
  process: ProcessView;
  isOpen: boolean;
  onClose: () => void;
  onDone: (process: ProcessView) => void;
}

const REQUIRED = 'Por favor, preencha todos os campos para encaminhar o processo.';

/** Forward: destination (the current department disabled) and a comment (4 rows). */
export function ForwardProcessModal({
  process,
  isOpen,
  onClose,
  onDone,
  departments,
}: ProcessActionModalProps & { departments: readonly string[] }) {
  const [destination, setDestination] = useState('');
  const [comment, setComment] = useState('');
  const action = useProcessAction(
    {
      success: 'Processo encaminhado com sucesso!',
      failure: 'Erro ao encaminhar processo. Por favor, tente novamente.',
    },
    onDone,
  );
  const close = () => {
    setDestination('');
    setComment('');
    action.setError(null);
    onClose();
  };
  const submit = async () => {
    if (!destination || !comment.trim()) return action.setError(REQUIRED);
    if (
      await action.run(() =>
        processesApi.forward(process.id, { destinationDepartment: destination, comment: comment.trim() }),
      )
    ) {
      close();
    }
  };
  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Encaminhar Processo"
      submitLabel="Encaminhar"
      onSubmit={() => void submit()}
      pending={action.pending}
      error={action.error}
      onDismissError={() => action.setError(null)}
    >
      <Select
        label="Departamento de destino"
        isRequired
        options={departments.map((name) => ({ id: name, label: name, isDisabled: name === process.currentDepartment }))}
        value={destination || null}
        onChange={setDestination}
      />
      <TextArea label="Comentário" isRequired rows={4} value={comment} onChange={setComment} />
    </ActionModal>
  );
}
