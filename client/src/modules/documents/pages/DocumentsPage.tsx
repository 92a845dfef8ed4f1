import '../documents.css';
import type { DocumentView } from '@contracts';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchField, Input, Label } from 'react-aria-components';
import { Link } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatDate } from '@/lib/format';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { toast } from '@/ui/toast';
import { cx } from '@/ui/cx';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { DocumentTypeSelect, NO_DOCUMENT_TYPE } from '@/modules/document-types/components/DocumentTypeSelect';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';
import { DocumentDetails } from '../components/DocumentDetails';
import { DocumentEditorModal } from '../components/DocumentEditorModal';
import { DocumentStatusBadge } from '../components/DocumentStatusBadge';
import { UploadDocumentModal } from '../components/UploadDocumentModal';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { useDocumentCache } from '../hooks/useDocumentCache';
import { blankEditorValues, newDocumentRequest } from '../utils/document-form';

export const SEARCH_DEBOUNCE_MS = 300;
const LIST_FAILED = 'Falha ao carregar documentos...';

/** /documents 'Gestão de Documentos': list and search on the left, the selected document on the right. */
export default function DocumentsPage() {
  const user = useAtomValue(currentUserAtom);
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [typeFilter, setTypeFilter] = useState(NO_DOCUMENT_TYPE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const queryClient = useQueryClient();
  const storeDocument = useDocumentCache();
  const list = useQuery({
    queryKey: documentKeys.search(search, typeFilter),
    queryFn: ({ signal }) => documentsApi.list(search, typeFilter, signal),
    placeholderData: keepPreviousData,
  });
  const docs = list.data ?? null;
  const error = list.error ? errorMessage(list.error, LIST_FAILED) : null;

  const added = (doc: DocumentView) => {
    if (!typeFilter || doc.documentType?.id === typeFilter) {
      queryClient.setQueryData<DocumentView[]>(documentKeys.search(search, typeFilter), (current) => [
        doc,
        ...(current ?? []),
      ]);
    }
    storeDocument(doc);
    setSelectedId(doc.id);
  };
  // The first document is selected on load (and whenever the selection left the list).
  const selected = docs?.find((d) => d.id === selectedId) ?? docs?.[0] ?? null;

  return (
    <div className="documents-page">
      <PageHeader
        title="Gestão de Documentos"
        actions={
          <>
            <Button onPress={() => setCreating(true)}>Criar Documento</Button>
            <Button variant="secondary" onPress={() => setUploading(true)}>
              Enviar Arquivo
            </Button>
            <Link href="/documents/new" className="btn btn--secondary">
              Usar Template
            </Link>
          </>
        }
      />
      {error && (
        <ErrorBanner
          message={error}
          action={
            <Button size="sm" onPress={() => void list.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      )}
      <div className="documents-page__layout">
        <aside className="documents-page__list" aria-label="Documentos">
          <SearchField
            value={query}
            onChange={setQuery}
            className="field documents-page__search"
            aria-label="Buscar documentos"
          >
            <Label className="visually-hidden">Buscar documentos</Label>
            <Input className="field__input" placeholder="Buscar por título, descrição ou processo..." />
          </SearchField>
          <DocumentTypeSelect
            className="documents-page__type-filter"
            value={typeFilter}
            onChange={setTypeFilter}
            noneLabel="Todos os tipos"
          />
          {!docs && !error && <Spinner label="Carregando documentos..." />}
          {docs?.length === 0 && <EmptyState title="Nenhum documento encontrado" />}
          <ul className="document-list">
            {docs?.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  className={cx('document-list__item', doc.id === selected?.id && 'document-list__item--selected')}
                  aria-current={doc.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(doc.id)}
                >
                  <span className="document-list__title">{doc.title}</span>
                  <span className="document-list__meta">
                    {doc.protocolNumber} · {formatDate(doc.createdAt)}
                  </span>
                  {doc.description && <span className="document-list__description">{doc.description}</span>}
                  <span className="document-list__badges">
                    <DocumentStatusBadge status={doc.status} />
                    {doc.confidential && <span className="badge badge--warning">Sigiloso</span>}
                    {doc.documentType && <span className="badge badge--neutral">{doc.documentType.name}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className="documents-page__viewer" aria-label="Visualização do documento">
          {selected ? (
            <DocumentDetails key={selected.id} doc={selected} onChange={storeDocument} />
          ) : (
            docs && docs.length > 0 && <EmptyState title="Selecione um documento" />
          )}
        </section>
      </div>

      {creating && (
        <DocumentEditorModal
          isOpen
          heading="Criar Documento"
          creating
          onClose={() => setCreating(false)}
          showConfidential={user?.level === 'Chefia'}
          initial={blankEditorValues()}
          showProcess
          onSave={async (values) => {
            try {
              added(await documentsApi.create(newDocumentRequest(values)));
              toast.success('Documento criado com sucesso!');
              setCreating(false);
            } catch (failure) {
              toast.error(errorMessage(failure, 'Erro ao processar documento.'));
            }
          }}
        />
      )}
      <UploadDocumentModal
        isOpen={uploading}
        onClose={() => setUploading(false)}
        onUpload={async (file, documentType) => {
          try {
            added(await documentsApi.upload(file, user ? [user.department] : [], documentType));
            toast.success('Arquivo enviado com sucesso!');
            setUploading(false);
          } catch (failure) {
            toast.error(errorMessage(failure, 'Erro ao enviar arquivo...'));
          }
        }}
      />
    </div>
  );
}
