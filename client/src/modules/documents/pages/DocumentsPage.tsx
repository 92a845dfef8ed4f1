import '../documents.css';
import type { DocumentView } from '@contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { SearchField, Input, Label } from 'react-aria-components';
import { errorMessage } from '../../../lib/http';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import { cx } from '../../../ui/cx';
import { currentUserAtom } from '../../auth/states/currentUserAtom';
import { documentsApi } from '../api/documents-api';
import { DocumentDetails } from '../components/DocumentDetails';
import { DocumentEditorModal } from '../components/DocumentEditorModal';
import { DocumentStatusBadge } from '../components/DocumentStatusBadge';
import { UploadDocumentModal } from '../components/UploadDocumentModal';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 300;
const LIST_FAILED = 'Falha ao carregar documentos...';

/** /documents 'Gestão de Documentos': list and search on the left, the selected document on the right. */
export default function DocumentsPage() {
  const user = useAtomValue(currentUserAtom);
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [docs, setDocs] = useState<DocumentView[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await documentsApi.list(search, signal);
        setDocs(list);
        setError(null);
        // The first document is selected on load (and whenever the selection left the list).
        setSelectedId((current) => (current && list.some((d) => d.id === current) ? current : (list[0]?.id ?? null)));
      } catch (failure) {
        if (!signal?.aborted) setError(errorMessage(failure, LIST_FAILED));
      }
    },
    [search],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = (doc: DocumentView) => setDocs((list) => list?.map((d) => (d.id === doc.id ? doc : d)) ?? [doc]);
  const added = (doc: DocumentView) => {
    setDocs((list) => [doc, ...(list ?? [])]);
    setSelectedId(doc.id);
  };
  const selected = docs?.find((d) => d.id === selectedId) ?? null;

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
          </>
        }
      />
      {error && (
        <ErrorBanner
          message={error}
          action={
            <Button size="sm" onPress={() => void load()}>
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
          {!docs && !error && <Spinner label="Carregando documentos..." />}
          {docs?.length === 0 && <EmptyState title="Nenhum documento encontrado" />}
          <ul className="document-list">
            {docs?.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  className={cx('document-list__item', doc.id === selectedId && 'document-list__item--selected')}
                  aria-current={doc.id === selectedId ? 'true' : undefined}
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
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className="documents-page__viewer" aria-label="Visualização do documento">
          {selected ? (
            <DocumentDetails key={selected.id} doc={selected} onChange={replace} />
          ) : (
            docs && docs.length > 0 && <EmptyState title="Selecione um documento" />
          )}
        </section>
      </div>

      {creating && (
        <DocumentEditorModal
          isOpen
          heading="Criar Documento"
          onClose={() => setCreating(false)}
          showConfidential={user?.level === 'Chefia'}
          initial={{ title: '', content: '', confidential: false, confidentialAccess: [], processId: '' }}
          showProcess
          onSave={async ({ title, content, confidential, confidentialAccess, processId }) => {
            try {
              added(
                await documentsApi.create({
                  title,
                  content,
                  confidential,
                  confidentialAccess: confidential ? confidentialAccess : undefined,
                  processId: processId.trim() || undefined,
                }),
              );
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
        onUpload={async (file) => {
          try {
            added(await documentsApi.upload(file, user ? [user.department] : []));
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
