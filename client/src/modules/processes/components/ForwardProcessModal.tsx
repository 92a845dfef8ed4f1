import { forwardProcessSchema, parseContract, type ProcessView } from '@contracts';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { TextArea } from '@/ui/TextArea';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import { confidentialDestinationWarning } from '../utils/confidential-destination';

export interface ProcessActionModalProps {
  process: ProcessView;
  isOpen: boolean;
  onClose: () => void;
  onDone: (process: ProcessView) => void;
}

/**
 * Forward: destination (the current department disabled) and a comment (4 rows). A confidential
 * process warns when nobody of the destination may open it.
 */
export function ForwardProcessModal({
  process,
  isOpen,
  onClose,
  onDone,
  departments,
}: ProcessActionModalProps & { departments: readonly string[] }) {
  const form = useProcessActionForm(
    { destination: '', comment: '' },
    {
      texts: {
        success: 'Processo encaminhado com sucesso!',
        failure: 'Erro ao encaminhar processo. Por favor, tente novamente.',
      },
      // The server's checks (the contract's forwardProcessSchema), on the request the form would send.
      validate: ({ destination, comment }) => {
        const result = parseContract(forwardProcessSchema, { destinationDepartment: destination, comment });
        if (result.ok) return null;
        return fieldProblem(result.path[0] === 'destinationDepartment' ? 'destination' : 'comment', result.message);
      },
      send: ({ destination, comment }) =>
        processesApi.forward(process.id, { destinationDepartment: destination, comment: comment.trim() }),
      onDone,
      onClose,
    },
  );
  const lookups = useUserLookups(isOpen && process.confidential);
  const warning = confidentialDestinationWarning({
    confidential: process.confidential,
    destination: form.values.destination,
    accessIds: process.confidentialAccess,
    creatorId: process.createdBy?._id,
    users: lookups.users,
  });
  return (
    <ActionModal isOpen={isOpen} title="Encaminhar Processo" submitLabel="Encaminhar" {...form.frame}>
      <Select
        label="Departamento de destino"
        isRequired
        options={departments.map((name) => ({ id: name, label: name, isDisabled: name === process.currentDepartment }))}
        value={form.values.destination || null}
        onChange={form.set('destination')}
        errorMessage={form.fieldError('destination')}
      />
      {warning && (
        <p className="process-form__warning" role="status">
          {warning}
        </p>
      )}
      <TextArea
        label="Comentário"
        isRequired
        rows={4}
        value={form.values.comment}
        onChange={form.set('comment')}
        errorMessage={form.fieldError('comment')}
      />
    </ActionModal>
  );
}
