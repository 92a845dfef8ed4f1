import { REQUESTER_SEARCH_MIN_LENGTH, type ExternalRequesterView } from '@contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { processesApi } from '../api/processes-api';
import { requesterKeys } from '../api/requester-keys';

const SEARCH_DEBOUNCE_MS = 300;

export interface ExternalRequesterSearchProps {
  selected: ExternalRequesterView | null;
  onSelect: (requester: ExternalRequesterView | null) => void;
  /** Validation message (no requester chosen yet). */
  errorMessage?: string;
}

/** Search of existing external requesters by name or CPF/CNPJ, from 2 characters. */
export function ExternalRequesterSearch({ selected, onSelect, errorMessage: problem }: ExternalRequesterSearchProps) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const searchable = trimmed.length >= REQUESTER_SEARCH_MIN_LENGTH;
  const search = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const requesters = useQuery({
    queryKey: requesterKeys.search(search),
    queryFn: ({ signal }) => processesApi.searchRequesters(search, signal),
    enabled: search.length >= REQUESTER_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
  const results = searchable ? (requesters.data?.data ?? []) : [];
  const loading = searchable && requesters.isFetching;
  const error = searchable && requesters.error ? errorMessage(requesters.error, 'Erro ao buscar solicitantes.') : null;

  if (selected) {
    return (
      <div className="requester-card">
        <div>
          <strong>{selected.name}</strong>
          {selected.document && <div>CPF/CNPJ: {selected.document}</div>}
          {selected.phone && <div>Telefone: {selected.phone}</div>}
          {selected.email && <div>E-mail: {selected.email}</div>}
        </div>
        <Button variant="secondary" size="sm" onPress={() => onSelect(null)}>
          Trocar solicitante
        </Button>
      </div>
    );
  }
  return (
    <div className="requester-search">
      <TextField
        label="Buscar solicitante externo"
        type="search"
        placeholder="Nome ou CPF/CNPJ"
        description={`Digite pelo menos ${REQUESTER_SEARCH_MIN_LENGTH} caracteres.`}
        value={query}
        onChange={setQuery}
        errorMessage={problem}
      />
      {loading && <Spinner size="sm" label="Buscando..." />}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {searchable && !loading && !error && results.length === 0 && (
        <p className="muted">Nenhum solicitante encontrado.</p>
      )}
      {results.length > 0 && (
        <ul className="requester-search__results" aria-label="Solicitantes encontrados">
          {results.map((requester) => (
            <li key={requester._id}>
              <Button variant="ghost" size="sm" onPress={() => onSelect(requester)}>
                {requester.name}
                {requester.document ? ` — ${requester.document}` : ''}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
