import type { ProcessView, ProtocolPriority, ProtocolStatus, ProtocolType } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { messageFor, stillFails, type FieldProblem } from '@/ui/field-problem';
import { FileListInput } from '@/ui/FileListInput';
import { Select } from '@/ui/Select';
import { Switch } from '@/ui/Switch';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { processesApi } from '../api/processes-api';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { confidentialDestinationWarning } from '../utils/confidential-destination';
import {
  buildCreateProcessRequest,
  INITIAL_PROCESS_FORM,
  processFormWarnings,
  UNDEFINED_DEPARTMENT,
  validateProcessForm,
  type ProcessFormField,
  type ProcessFormValues,
} from '../utils/process-form';
import { ActionModal } from '@/ui/ActionModal';
import { DeadlineFields } from '@/modules/deadlines/components/DeadlineFields';
import { RequesterSection } from './RequesterSection';
import { UserAccessPicker } from '@/modules/users/components/UserAccessPicker';

const TYPE_OPTIONS: { id: ProtocolType; label: string }[] = [
  { id: 'internal', label: 'Interno' },
  { id: 'external', label: 'Externo' },
];
const STATUS_OPTIONS: { id: ProtocolStatus; label: string }[] = [
  { id: 'pending', label: 'Pendente' },
  { id: 'in-progress', label: 'Em andamento' },
  { id: 'completed', label: 'Concluído' },
  { id: 'canceled', label: 'Cancelado' },
];
const PRIORITY_OPTIONS: { id: ProtocolPriority; label: string }[] = [
  { id: 'low', label: 'Baixa' },
  { id: 'normal', label: 'Normal' },
  { id: 'high', label: 'Alta' },
  { id: 'urgent', label: 'Urgente' },
];

const CREATE_ERROR = 'Erro ao criar processo';
/** docs/processes.md#access-to-information-requests: the legal clock the server sets. */
const LAI_CLOCK_NOTE =
  'Prazo legal de 20 dias corridos (Lei 12.527/2011, art. 11), prorrogável uma vez por até 10 dias, com justificativa informada ao requerente.';
const FORM_ERROR = 'Ocorreu um erro ao criar o protocolo/processo. Por favor, tente novamente.';

export interface CreateProcessModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  departments: readonly string[];
  onCreated: (process: ProcessView) => void;
}

/** 'Novo Processo': every field of docs/processes.md#creation, validated in the order of docs/processes.md#validation. */
export function CreateProcessModal({ isOpen, onOpenChange, departments, onCreated }: CreateProcessModalProps) {
  const user = useAtomValue(currentUserAtom);
  const origin = user?.department || UNDEFINED_DEPARTMENT;
  const [values, setValues] = useState<ProcessFormValues>(INITIAL_PROCESS_FORM);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const needsUsers = values.confidential || values.requesterMode === 'user';
  const lookups = useUserLookups(isOpen && needsUsers);
  const destinationWarning = confidentialDestinationWarning({
    confidential: values.confidential,
    destination: values.destinationDepartment,
    accessIds: values.confidentialAccess,
    creatorId: user?._id,
    users: lookups.users,
  });
  const warnings = [...processFormWarnings(values, lookups.users), ...(destinationWarning ? [destinationWarning] : [])];
  /** New values; a field that is fixed loses its message at once. */
  const update = (next: ProcessFormValues) => {
    setValues(next);
    if (problem && !stillFails(problem, validateProcessForm(next, new Date()))) setProblem(null);
  };
  const set = <K extends keyof ProcessFormValues>(key: K, value: ProcessFormValues[K]) =>
    update({ ...values, [key]: value });
  const fieldError = (field: ProcessFormField) => messageFor(problem, field);

  const close = () => {
    if (saving) return;
    setValues(INITIAL_PROCESS_FORM);
    setAttachments([]);
    setError(null);
    setProblem(null);
    onOpenChange(false);
  };

  const submit = async () => {
    const invalid = validateProcessForm(values, new Date());
    setProblem(invalid);
    setError(null);
    if (invalid) return;
    setSaving(true);
    try {
      const reply = await processesApi.create(buildCreateProcessRequest(values, origin), attachments);
      toast.success(reply.message);
      setSaving(false);
      setValues(INITIAL_PROCESS_FORM);
      setAttachments([]);
      onOpenChange(false);
      onCreated(reply.process);
    } catch (failure) {
      setSaving(false);
      setError(errorMessage(failure, FORM_ERROR));
      toast.error(CREATE_ERROR);
    }
  };

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={close}
      title="Novo Processo"
      size="lg"
      isDismissable={false}
      submitLabel={saving ? 'Criando...' : 'Criar Processo'}
      onSubmit={() => void submit()}
      pending={saving}
      error={error}
      onDismissError={() => setError(null)}
      problem={problem}
    >
      <TextField
        label="Título"
        isRequired
        value={values.title}
        onChange={(v) => set('title', v)}
        errorMessage={fieldError('title')}
      />
      <TextArea
        label="Descrição"
        isRequired
        rows={4}
        value={values.description}
        onChange={(v) => set('description', v)}
        errorMessage={fieldError('description')}
      />
      <div className="process-form__grid">
        <TextField label="Departamento de origem" value={origin} isReadOnly />
        <Select
          label="Departamento de destino"
          isRequired
          options={departments.map((name) => ({ id: name, label: name, isDisabled: name === origin }))}
          value={values.destinationDepartment || null}
          onChange={(v) => set('destinationDepartment', v)}
          errorMessage={fieldError('destinationDepartment')}
        />
      </div>

      <fieldset className="process-form__section">
        <legend>Sigilo</legend>
        <Switch
          isSelected={values.confidential}
          onChange={(on) => update({ ...values, confidential: on, confidentialAccess: [] })}
        >
          Processo sigiloso
        </Switch>
        {values.confidential && (
          <UserAccessPicker
            label="Usuários com acesso"
            users={lookups.users}
            selected={values.confidentialAccess}
            onChange={(ids) => set('confidentialAccess', ids)}
            loading={lookups.loading}
            error={lookups.error}
            errorMessage={fieldError('confidentialAccess')}
          />
        )}
      </fieldset>

      <fieldset className="process-form__section">
        <legend>Dados do protocolo</legend>
        <div className="process-form__grid">
          <Select
            label="Tipo"
            options={TYPE_OPTIONS}
            value={values.protocolType}
            onChange={(v) => set('protocolType', v as ProtocolType)}
          />
          <Select
            label="Status do protocolo"
            options={STATUS_OPTIONS}
            value={values.protocolStatus}
            onChange={(v) => set('protocolStatus', v as ProtocolStatus)}
          />
          <Select
            label="Prioridade"
            options={PRIORITY_OPTIONS}
            value={values.protocolPriority}
            onChange={(v) => set('protocolPriority', v as ProtocolPriority)}
          />
        </div>
      </fieldset>

      <fieldset className="process-form__section">
        <legend>Tipo de pedido</legend>
        <Switch isSelected={values.lai} onChange={(on) => set('lai', on)}>
          Pedido de acesso à informação (LAI)
        </Switch>
        {values.lai && <p className="process-form__hint">{LAI_CLOCK_NOTE}</p>}
      </fieldset>

      {!values.lai && (
        <DeadlineFields
          legend="Prazo"
          modes={['none', 'days', 'date']}
          value={values.deadline}
          onChange={(deadline) => set('deadline', deadline)}
          hint={(day) => `O prazo vencerá em ${day}.`}
          errorMessage={fieldError('deadline')}
        />
      )}

      <FileListInput label="Anexos" files={attachments} onChange={setAttachments} />

      <RequesterSection
        values={values}
        onChange={update}
        users={lookups.users}
        usersError={lookups.error}
        fieldError={fieldError}
      />

      {warnings.map((warning) => (
        <p key={warning} className="process-form__warning" role="status">
          {warning}
        </p>
      ))}
    </ActionModal>
  );
}
