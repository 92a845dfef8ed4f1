import '@/modules/documents/documents.css';
import '@/modules/processes/processes.css';
import {
  isValidCpf,
  LAI_REQUEST_TYPE,
  type ProcessRequestType,
  PUBLIC_REQUEST_MAX_FILE_MB,
  PUBLIC_REQUEST_MAX_FILES,
  PUBLIC_REQUEST_MESSAGES as M,
  type PublicRequestResponse,
  publicTrackingPath,
} from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { FileListInput } from '@/ui/FileListInput';
import { PublicPage } from '@/ui/PublicPage';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { publicRequestsApi } from '../api/public-requests-api';
import { canSolveProofOfWork, INSECURE_CONTEXT_MESSAGE, solveProofOfWork } from '../utils/proof-of-work';

const EMPTY = { name: '', cpf: '', email: '', emailCode: '', phone: '', subject: '', description: '' };
type Fields = typeof EMPTY;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const REQUEST_TYPES: { id: ProcessRequestType; label: string }[] = [
  { id: 'standard', label: 'Solicitação ou requerimento' },
  { id: LAI_REQUEST_TYPE, label: 'Pedido de acesso à informação (Lei 12.527/2011)' },
];

/** What the browser can tell before sending; the server checks all of it again. */
function attachmentProblem(files: readonly File[]): string | undefined {
  if (files.length > PUBLIC_REQUEST_MAX_FILES) return M.tooManyFiles;
  if (files.some((file) => file.size > PUBLIC_REQUEST_MAX_FILE_MB * 1024 * 1024)) return M.fileTooLarge;
  return undefined;
}

/**
 * /solicitar: a citizen files a request without an account (docs/processes.md#online-filing). The
 * e-mail is confirmed by a code, the proof of work is solved here before sending, and the page ends
 * with the number and access code of the new process.
 */
export default function PublicRequestPage() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [requestType, setRequestType] = useState<ProcessRequestType>('standard');
  const [emailUpdates, setEmailUpdates] = useState(false);
  const [result, setResult] = useState<PublicRequestResponse | null>(null);
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const cpfProblem = fields.cpf.trim() && !isValidCpf(fields.cpf) ? M.cpfInvalid : undefined;
  const filesProblem = attachmentProblem(files);
  const secure = canSolveProofOfWork();

  const code = useMutation({ mutationFn: () => publicRequestsApi.emailCode({ email: fields.email }) });
  const filing = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('requestType', requestType);
      form.append('emailUpdates', String(emailUpdates));
      form.append('altcha', await solveProofOfWork());
      for (const file of files) form.append('files', file, file.name);
      return publicRequestsApi.file(form);
    },
    onSuccess: setResult,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cpfProblem && !filesProblem) filing.mutate();
  };

  if (result) return <Filed result={result} />;
  return (
    <PublicPage
      title="Solicitação online"
      intro="Protocole um pedido à Prefeitura sem sair de casa. Ao final você recebe o número do processo e o código para acompanhá-lo."
    >
      {!secure && <ErrorBanner message={INSECURE_CONTEXT_MESSAGE} />}
      <PrivacyNotice />
      <form onSubmit={submit} className="verify-page__form" aria-label="Solicitação online">
        <TextField label="Nome completo" value={fields.name} onChange={set('name')} autoComplete="name" isRequired />
        <TextField
          label="CPF"
          description="Com ou sem pontos e traço."
          value={fields.cpf}
          onChange={set('cpf')}
          inputMode="numeric"
          errorMessage={cpfProblem}
          isRequired
        />
        <TextField
          label="E-mail"
          type="email"
          value={fields.email}
          onChange={set('email')}
          autoComplete="email"
          isRequired
        />
        <Button variant="secondary" onPress={() => code.mutate()} isDisabled={!fields.email.trim() || code.isPending}>
          {code.isSuccess ? 'Enviar outro código' : 'Enviar código para o e-mail'}
        </Button>
        {code.isPending && <Spinner label="Enviando código..." />}
        {code.data && (
          <p role="status" className="muted">
            {code.data.message}
          </p>
        )}
        {code.error && <ErrorBanner message={errorMessage(code.error, 'Falha ao enviar o código.')} />}
        <TextField
          label="Código de confirmação"
          description="Os 6 dígitos enviados para o seu e-mail."
          value={fields.emailCode}
          onChange={set('emailCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isRequired
        />
        <TextField
          label="Telefone (opcional)"
          type="tel"
          value={fields.phone}
          onChange={set('phone')}
          autoComplete="tel"
        />
        <Select
          label="Tipo de solicitação"
          options={REQUEST_TYPES}
          value={requestType}
          onChange={(value) => setRequestType(value as ProcessRequestType)}
          isRequired
        />
        {requestType === LAI_REQUEST_TYPE && (
          <p className="muted">
            Você não precisa dizer por que quer a informação. A resposta vem em até 20 dias, prorrogáveis uma vez por
            mais 10 com justificativa.
          </p>
        )}
        <TextField label="Assunto" value={fields.subject} onChange={set('subject')} isRequired />
        <TextArea label="Descrição" value={fields.description} onChange={set('description')} rows={5} isRequired />
        <FileListInput
          label={`Anexos (opcional): até ${PUBLIC_REQUEST_MAX_FILES} arquivos PDF, JPEG ou PNG de até ${PUBLIC_REQUEST_MAX_FILE_MB} MB`}
          files={files}
          onChange={setFiles}
          accept={ACCEPT}
          isDisabled={filing.isPending}
          errorMessage={filesProblem}
        />
        <Checkbox isSelected={emailUpdates} onChange={setEmailUpdates}>
          Quero receber por e-mail as atualizações deste processo
        </Checkbox>
        <Button type="submit" isDisabled={filing.isPending || !secure}>
          Enviar solicitação
        </Button>
      </form>
      {filing.isPending && <Spinner label="Verificando que você não é um robô e enviando..." />}
      {filing.error && !filing.isPending && (
        <ErrorBanner message={errorMessage(filing.error, 'Falha ao enviar a solicitação.')} />
      )}
    </PublicPage>
  );
}

/** The LGPD notice: what is collected and why (the form asks for nothing else). */
function PrivacyNotice() {
  return (
    <section className="verify-page__result" aria-labelledby="lgpd-title">
      <h2 id="lgpd-title">Seus dados pessoais (LGPD)</h2>
      <p>
        Pedimos seu nome, CPF, e-mail e, se quiser, telefone, além do assunto, da descrição e dos anexos do pedido. A
        Prefeitura usa esses dados somente para registrar e responder a sua solicitação e para falar com você sobre ela
        (Lei 13.709/2018, art. 7º, III, e art. 23). O e-mail recebe um código de confirmação e o comprovante de
        protocolo e, se você pedir, os avisos de andamento do processo. Os dados ficam guardados com o processo,
        conforme as regras de arquivo do município, e não são usados para outro fim.
      </p>
    </section>
  );
}

function Filed({ result }: { result: PublicRequestResponse }) {
  return (
    <PublicPage
      title="Solicitação registrada"
      intro="Seu pedido foi protocolado. O comprovante foi enviado para o seu e-mail."
    >
      <section className="verify-page__result verify-page__result--valid" aria-labelledby="filed-title">
        <h2 id="filed-title">Guarde estes dados</h2>
        <dl className="tracking-facts">
          <dt>Número do processo</dt>
          <dd>{result.number}</dd>
          <dt>Código de acesso</dt>
          <dd>{result.code}</dd>
        </dl>
        <p>Com o número e o código você acompanha o processo, sem cadastro.</p>
        <a href={publicTrackingPath(result.number, result.code)}>Acompanhar o processo</a>
      </section>
    </PublicPage>
  );
}
