import {
  DEADLINE_MESSAGES,
  DEADLINE_UNIT_LABELS,
  LAI_REQUEST_TYPE,
  localIsoDate,
  parseContract,
  suspendDeadlineSchema,
  type ProcessView,
} from '@contracts';
import { formatDay } from '@/lib/format';
import { ActionModal } from '@/ui/ActionModal';
import { fieldProblem } from '@/ui/field-problem';
import { NumberField } from '@/ui/NumberField';
import { TextArea } from '@/ui/TextArea';
import { processesApi } from '../api/processes-api';
import { useProcessActionForm } from '../hooks/useProcessActionForm';
import { shownDeadline, type DeadlineAction } from '../utils/deadline-actions';
import {
  deadlineProblem,
  EMPTY_DEADLINE,
  extendProblem,
  toDeadlineRequest,
  type DeadlineFormValues,
} from '@/modules/deadlines/utils/deadline-form';
import { extensionsLeft } from '@/modules/deadlines/utils/deadline-format';
import { DeadlineFields } from '@/modules/deadlines/components/DeadlineFields';
import type { ProcessActionModalProps } from './ForwardProcessModal';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const failure = (what: string) => `Erro ao ${what}. Por favor, tente novamente.`;

const DAYS_DEADLINE: DeadlineFormValues = { ...EMPTY_DEADLINE, mode: 'days' };

/** 'Definir prazo': days (with unit) or a date; replaces the running process deadline. */
function SetDeadlineModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    { deadline: DAYS_DEADLINE },
    {
      texts: { success: DEADLINE_MESSAGES.set, failure: failure('definir o prazo') },
      validate: ({ deadline }) => {
        const problem = deadlineProblem(deadline, localIsoDate(new Date()));
        return problem ? fieldProblem('deadline', problem) : null;
      },
      send: ({ deadline }) => processesApi.setDeadline(process.id, toDeadlineRequest(deadline) ?? {}),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Definir prazo" submitLabel="Definir prazo" {...form.frame}>
      <p className="muted">Um novo prazo do processo substitui o que estiver em curso (o histórico guarda ambos).</p>
      <DeadlineFields
        legend="Prazo do processo"
        modes={['days', 'date']}
        value={form.values.deadline}
        onChange={form.set('deadline')}
        hint={(day) => `O prazo vencerá em ${day}.`}
        errorMessage={form.fieldError('deadline')}
      />
    </ActionModal>
  );
}

/** 'Sobrestar': a reason; every running deadline pauses. */
function SuspendDeadlineModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    { reason: '' },
    {
      texts: { success: DEADLINE_MESSAGES.suspended, failure: failure('sobrestar o prazo') },
      validate: ({ reason }) => {
        const result = parseContract(suspendDeadlineSchema, { reason });
        return result.ok ? null : fieldProblem('reason', result.message);
      },
      send: ({ reason }) => processesApi.suspend(process.id, { reason: reason.trim() }),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Sobrestar prazo" submitLabel="Sobrestar" {...form.frame}>
      <p className="muted">Os prazos em curso ficam pausados; ao retomar, os dias que faltavam voltam a contar.</p>
      <TextArea
        label="Motivo"
        isRequired
        rows={4}
        value={form.values.reason}
        onChange={form.set('reason')}
        errorMessage={form.fieldError('reason')}
      />
    </ActionModal>
  );
}

/** 'Retomar': the paused deadlines count their remaining days again from today. */
function ResumeDeadlineModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const form = useProcessActionForm(
    {},
    {
      texts: { success: DEADLINE_MESSAGES.resumed, failure: failure('retomar o prazo') },
      validate: () => null,
      send: () => processesApi.resume(process.id),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Retomar prazo" submitLabel="Retomar" {...form.frame}>
      <p>Os prazos sobrestados voltam a correr a partir de hoje, com os dias que faltavam quando foram pausados.</p>
    </ActionModal>
  );
}

/** 'Prorrogar': days in the deadline's unit and a justification, within the extensions left. */
function ExtendDeadlineModal({ process, isOpen, onClose, onDone }: ProcessActionModalProps) {
  const shown = shownDeadline(process);
  const left = shown ? extensionsLeft(shown) : null;
  const form = useProcessActionForm(
    { days: NaN, justification: '' },
    {
      texts: { success: DEADLINE_MESSAGES.extended, failure: failure('prorrogar o prazo') },
      validate: (values) => {
        const problem = extendProblem(values, left?.days ?? 0);
        return problem ? fieldProblem(problem.field, problem.message) : null;
      },
      send: ({ days, justification }) => processesApi.extend(process.id, { days, justification: justification.trim() }),
      onDone,
      onClose,
    },
  );
  return (
    <ActionModal isOpen={isOpen} title="Prorrogar prazo" submitLabel="Prorrogar" {...form.frame}>
      {shown && left && (
        <p className="deadline-fields__hint" role="status">
          Vencimento atual: {formatDay(shown.due)}. {left.text}
        </p>
      )}
      {process.requestType === LAI_REQUEST_TYPE && (
        <p className="deadline-fields__hint">
          Pedido de acesso à informação: a justificativa será enviada ao requerente (Lei 12.527/2011, art. 11, parágrafo
          2º).
        </p>
      )}
      <NumberField
        label={`${shown ? capitalise(DEADLINE_UNIT_LABELS[shown.unit]) : 'Dias'} a acrescentar`}
        isRequired
        minValue={1}
        formatOptions={{ maximumFractionDigits: 0 }}
        value={form.values.days}
        onChange={form.set('days')}
        errorMessage={form.fieldError('days')}
      />
      <TextArea
        label="Justificativa"
        isRequired
        rows={4}
        value={form.values.justification}
        onChange={form.set('justification')}
        errorMessage={form.fieldError('justification')}
      />
    </ActionModal>
  );
}

const MODALS: Record<DeadlineAction, (props: ProcessActionModalProps) => React.JSX.Element> = {
  set: SetDeadlineModal,
  suspend: SuspendDeadlineModal,
  resume: ResumeDeadlineModal,
  extend: ExtendDeadlineModal,
};

/** The modal of the deadline action `open` (docs/deadlines.md#suspension-and-extension). */
export function DeadlineActionModals({
  open,
  ...props
}: Omit<ProcessActionModalProps, 'isOpen'> & { open: DeadlineAction | null; process: ProcessView }) {
  return (
    <>
      {(Object.keys(MODALS) as DeadlineAction[]).map((action) => {
        const Modal = MODALS[action];
        return <Modal key={action} {...props} isOpen={open === action} />;
      })}
    </>
  );
}
