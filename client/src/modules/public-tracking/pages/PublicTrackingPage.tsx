import '@/modules/documents/documents.css';
import '@/modules/processes/processes.css';
import { DEADLINE_STATE_LABELS, type PublicTrackingResponse } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDateTime, formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { StatusBadge } from '@/modules/processes/components/StatusBadge';
import { Button } from '@/ui/Button';
import { PublicPage } from '@/ui/PublicPage';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { publicTrackingApi, publicTrackingKeys } from '../api/public-tracking-api';

/**
 * /consulta?numero=…&codigo=…: the citizens' tracking of a process, no login (docs/processes.md#receipts-and-tracking).
 * The receipt's QR code opens it filled in; the form stays so another process can be looked up.
 */
export default function PublicTrackingPage() {
  const params = new URLSearchParams(useSearch());
  const number = params.get('numero') ?? '';
  const code = params.get('codigo') ?? '';
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ number, code });
  const lookup = useQuery({
    queryKey: publicTrackingKeys.lookup(number, code),
    queryFn: () => publicTrackingApi.track({ number, code }),
    enabled: Boolean(number && code),
    retry: false,
  });
  const error = lookup.error ? errorMessage(lookup.error, 'Falha ao consultar o processo.') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams({ numero: form.number.trim(), codigo: form.code.trim() });
    navigate(`/consulta?${query.toString()}`);
  };

  return (
    <PublicPage
      title="Consulta de Processo"
      intro="Acompanhe seu processo com o número e o código de acesso impressos no comprovante de protocolo."
    >
      <form onSubmit={submit} className="verify-page__form" aria-label="Consultar processo">
        <TextField
          label="Número do processo"
          value={form.number}
          onChange={(value) => setForm((f) => ({ ...f, number: value }))}
          isRequired
        />
        <TextField
          label="Código de acesso"
          description="16 letras e números, como no comprovante (XXXX-XXXX-XXXX-XXXX)."
          value={form.code}
          onChange={(value) => setForm((f) => ({ ...f, code: value }))}
          autoComplete="off"
          isRequired
        />
        <Button type="submit">Consultar</Button>
      </form>
      {lookup.isFetching && <Spinner label="Consultando processo..." />}
      {error && !lookup.isFetching && <ErrorBanner message={error} />}
      {lookup.data && !lookup.isFetching && <TrackingResult result={lookup.data} />}
    </PublicPage>
  );
}

function TrackingResult({ result }: { result: PublicTrackingResponse }) {
  return (
    <section className="verify-page__result tracking-result" aria-labelledby="tracking-title">
      <h2 id="tracking-title">Processo {result.number}</h2>
      <dl className="tracking-facts">
        <dt>Assunto</dt>
        <dd>{result.subject}</dd>
        <dt>Situação</dt>
        <dd>
          <StatusBadge status={result.status} />
        </dd>
        <dt>Setor atual</dt>
        <dd>{result.currentDepartment}</dd>
        {result.deadline && (
          <>
            <dt>Prazo</dt>
            <dd>
              {formatDay(result.deadline.due)} ({DEADLINE_STATE_LABELS[result.deadline.state]})
            </dd>
          </>
        )}
      </dl>
      <h3>Movimentações</h3>
      {result.movements.length === 0 ? (
        <p className="muted">Nenhuma movimentação registrada.</p>
      ) : (
        <ol className="timeline" aria-label="Movimentações do processo">
          {result.movements.map((movement, index) => (
            <li key={index} className="timeline__entry">
              <div className="timeline__head">
                <strong>{movement.to ?? '—'}</strong>
                <span className="timeline__meta">{formatDateTime(movement.date)}</span>
              </div>
              {movement.from && <div className="timeline__meta">de {movement.from}</div>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
