import type { UserLookup } from '@contracts';
import { Checkbox } from '@/ui/Checkbox';
import { RadioGroup } from '@/ui/RadioGroup';
import { Select } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import {
  mayReceiveEmailUpdates,
  REQUESTER_MODE_LABELS,
  REQUESTER_MODES,
  withRequesterMode,
  type NewRequesterFields,
  type ProcessFormField,
  type ProcessFormValues,
  type RequesterMode,
} from '../utils/process-form';
import { ExternalRequesterSearch } from './ExternalRequesterSearch';

const MODE_OPTIONS = REQUESTER_MODES.map((mode) => ({ id: mode, label: REQUESTER_MODE_LABELS[mode] }));

export interface RequesterSectionProps {
  values: ProcessFormValues;
  onChange: (values: ProcessFormValues) => void;
  users: readonly UserLookup[];
  usersError: string | null;
  /** The validation message of a requester field, if any. */
  fieldError: (field: ProcessFormField) => string | undefined;
}

/** The four requester modes; switching mode resets the requester fields. */
export function RequesterSection({ values, onChange, users, usersError, fieldError }: RequesterSectionProps) {
  const setNew = <K extends keyof NewRequesterFields>(field: K, value: NewRequesterFields[K]) =>
    onChange({ ...values, newRequester: { ...values.newRequester, [field]: value } });
  const hasEmail = mayReceiveEmailUpdates(values.newRequester);

  return (
    <fieldset className="process-form__section">
      <legend>Solicitante</legend>
      <RadioGroup
        label="Quem é o solicitante?"
        options={MODE_OPTIONS}
        value={values.requesterMode}
        onChange={(mode) => onChange(withRequesterMode(values, mode as RequesterMode))}
      />
      {values.requesterMode === 'user' &&
        (usersError ? (
          <p className="field__error" role="alert">
            {usersError}
          </p>
        ) : (
          <Select
            label="Usuário solicitante"
            options={users.map((user) => ({ id: user._id, label: `${user.name} — ${user.department}` }))}
            value={values.requesterUserId || null}
            onChange={(id) => onChange({ ...values, requesterUserId: id })}
            errorMessage={fieldError('requesterUserId')}
          />
        ))}
      {values.requesterMode === 'external' && (
        <ExternalRequesterSearch
          selected={values.requesterExternal}
          onSelect={(requester) => onChange({ ...values, requesterExternal: requester })}
          errorMessage={fieldError('requesterExternal')}
        />
      )}
      {values.requesterMode === 'new' && (
        <div className="process-form__grid">
          <TextField
            label="Nome"
            isRequired
            value={values.newRequester.name}
            onChange={(v) => setNew('name', v)}
            errorMessage={fieldError('requesterName')}
          />
          <TextField
            label="CPF/CNPJ"
            isRequired
            value={values.newRequester.document}
            onChange={(v) => setNew('document', v)}
            errorMessage={fieldError('requesterDocument')}
          />
          <TextField
            label="Telefone"
            type="tel"
            isRequired
            value={values.newRequester.phone}
            onChange={(v) => setNew('phone', v)}
            errorMessage={fieldError('requesterPhone')}
          />
          <TextField
            label="E-mail"
            type="email"
            value={values.newRequester.email}
            onChange={(v) => setNew('email', v)}
          />
          <TextField
            label="Departamento/Organização"
            value={values.newRequester.department}
            onChange={(v) => setNew('department', v)}
          />
          <div>
            <Checkbox
              isSelected={hasEmail && values.newRequester.emailUpdates}
              isDisabled={!hasEmail}
              onChange={(selected) => setNew('emailUpdates', selected)}
              aria-describedby="email-updates-hint"
            >
              Receber atualizações por e-mail
            </Checkbox>
            <p id="email-updates-hint" className="muted">
              {hasEmail
                ? 'O requerente recebe um e-mail quando o processo for encaminhado ou finalizado (nunca de processo sigiloso).'
                : 'Informe o e-mail do requerente para ativar.'}
            </p>
          </div>
        </div>
      )}
    </fieldset>
  );
}
