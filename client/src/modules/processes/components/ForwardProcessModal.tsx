import { forwardProcessSchema, parseContract, type ForwardProcessRequest, type ProcessView } from '@contracts';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { TextArea } from '@/ui/TextArea';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import { confidentialDestinationWarning } from '../utils/confidential-destination';
import { EMPTY_DEADLINE, toDeadlineRequest, type DeadlineFormValues } from '@/modules/deadlines/utils/deadline-form';
import { DeadlineFields } from '@/modules/deadlines/components/DeadlineFields';

export interface ProcessActionModalProps {
  process: ProcessView;
  isOpen: boolean;
  onClose: () => void;
  onDone: (process: ProcessView) => void;
}

interface ForwardFormValues {
  destination: string;
  comment: string;
  returnDeadline: DeadlineFormValues;
}

const forwardRequest = ({ destination, comment, returnDeadline }: ForwardFormValues): ForwardProcessRequest => ({
  destinationDepartment: destination,
  comment: comment.trim(),
  returnDeadline: toDeadlineRequest(returnDeadline),
});

/**
 * Forward: destination (the current department disabled) and a comment (4 rows). A confidential
 * process warns when nobody of the destination may open it. An optional 'Retorno programado'
 * (docs/deadlines.md#process-deadlines) asks the destination to return it within N days.
 */
export function ForwardProcessModal({
  process,
  isOpen,
  onClose,
  onDone,
  departments,
}: ProcessActionModalProps & { departments: readonly string[] }) {
  const form = useProcessActionForm(
    { destination: '', comment: '', returnDeadline: EMPTY_DEADLINE },
    {
      texts: {
        success: 'Processo encaminhado com sucesso!',
        failure: 'Erro ao encaminhar processo. Por favor, tente novamente.',
      },
      // The server's checks (the contract's forwardProcessSchema), on the request the form would send.
      validate: (values) => {
        const result = parseContract(forwardProcessSchema, forwardRequest(values));
        if (result.ok) return null;
        const field = result.path[0];
        return fieldProblem(
          field === 'destinationDepartment' ? 'destination' : field === 'returnDeadline' ? 'returnDeadline' : 'comment',
          result.message,
        );
      },
      send: (values) => processesApi.forward(process.id, forwardRequest(values)),
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
      <DeadlineFields
        legend="Retorno programado"
        modes={['none', 'days']}
        noneLabel="Sem retorno programado"
        value={form.values.returnDeadline}
        onChange={form.set('returnDeadline')}
        hint={(day) => `O setor de destino deverá devolver o processo até ${day}.`}
        errorMessage={form.fieldError('returnDeadline')}
      />
    </ActionModal>
  );
}
