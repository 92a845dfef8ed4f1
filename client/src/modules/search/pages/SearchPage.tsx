import '../search.css';
import { type DocumentView, type ProcessSummary, SEARCH_RANKED_MATCHES, type SearchGroup } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatCount, formatDate, formatNumber } from '@/lib/format';
import { ConfidentialBadge } from '@/modules/processes/components/ConfidentialBadge';
import { StatusBadge } from '@/modules/processes/components/StatusBadge';
import { DocumentStatusBadge } from '@/modules/documents/components/DocumentStatusBadge';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { searchApi } from '../api/search-api';
import { searchKeys } from '../api/search-keys';

/** A group's match count: '345', or 'mais de 1.000' past what the server counts. */
const groupTotal = (group: SearchGroup<unknown>) =>
  `${group.totalIsLowerBound ? 'mais de ' : ''}${formatNumber(group.total)}`;

/** Which matches the shown items are the best of (docs/processes.md#search-at-capital-size). */
const rankedFrom = (group: SearchGroup<unknown>) =>
  group.totalIsLowerBound ? `dos ${formatNumber(SEARCH_RANKED_MATCHES)} mais recentes` : `de ${groupTotal(group)}`;

function ResultGroup<T>(props: {
  title: string;
  group: SearchGroup<T>;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { title, group, empty, render } = props;
  const headingId = `search-${title.toLowerCase()}`;
  return (
    <section className="search-results__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-results__group-title">
        {title} <span className="muted">({groupTotal(group)})</span>
      </h2>
      {group.items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="search-results__list">{group.items.map(render)}</ul>
      )}
      {group.total > group.items.length && (
        <p className="muted">
          Mostrando os {group.items.length} mais relevantes {rankedFrom(group)}. Refine a busca para ver outros.
        </p>
      )}
    </section>
  );
}

const processItem = (process: ProcessSummary) => (
  <li key={process.id} className="search-results__item card">
    <div>
      <Link href={`/process-details/${encodeURIComponent(process.id)}`} className="search-results__link">
        {process.id} — {process.subject}
      </Link>
      <p className="muted search-results__meta">
        {process.currentDepartment} · atualizado em {formatDate(process.lastUpdate)}
      </p>
    </div>
    <div>
      {process.confidential && <ConfidentialBadge />} <StatusBadge status={process.status} />
    </div>
  </li>
);

const documentItem = (doc: DocumentView) => (
  <li key={doc.id} className="search-results__item card">
    <div>
      <Link href={`/documents/${doc.id}`} className="search-results__link">
        {doc.title}
      </Link>
      <p className="muted search-results__meta">
        {doc.protocolNumber} · {doc.department} · {formatDate(doc.createdAt)}
        {doc.processId && ` · processo ${doc.processId}`}
      </p>
    </div>
    <DocumentStatusBadge status={doc.status} />
  </li>
);

/**
 * /search?q=: the header search's results — visible processes and documents matching the text
 * (accent- and case-insensitive), grouped by kind with their counts.
 */
export default function SearchPage() {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const results = useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => searchApi.search(q, signal),
    enabled: q !== '',
  });
  const error = results.error ? errorMessage(results.error, 'Falha ao buscar...') : null;
  const data = results.data;

  return (
    <div className="search-page">
      <PageHeader
        title="Resultados da busca"
        subtitle={q ? <>Processos e documentos para “{q}”</> : 'Digite um termo na busca do topo da página.'}
      />
      {error && <ErrorBanner message={error} />}
      {q && !data && !error && <Spinner label="Buscando..." />}
      {data && data.processes.total + data.documents.total === 0 && (
        <EmptyState
          title="Nenhum resultado encontrado."
          description="Confira a grafia ou use menos palavras; acentos e maiúsculas não importam."
        />
      )}
      {data && data.processes.total + data.documents.total > 0 && (
        <div className="search-results" aria-live="polite">
          <p className="muted">
            {formatCount(data.processes.total, data.processes.totalIsLowerBound, 'processo', 'processos')} e{' '}
            {formatCount(data.documents.total, data.documents.totalIsLowerBound, 'documento', 'documentos')}.
          </p>
          <ResultGroup
            title="Processos"
            group={data.processes}
            empty="Nenhum processo encontrado."
            render={processItem}
          />
          <ResultGroup
            title="Documentos"
            group={data.documents}
            empty="Nenhum documento encontrado."
            render={documentItem}
          />
        </div>
      )}
    </div>
  );
}
