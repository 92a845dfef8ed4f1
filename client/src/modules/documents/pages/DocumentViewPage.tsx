import '../documents.css';
import { Link, useParams } from 'wouter';
import { Icon } from '@/ui/Icon';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Spinner } from '@/ui/Spinner';
import { DocumentDetails } from '../components/DocumentDetails';
import { useDocument } from '../hooks/useDocument';
import { useDocumentCache } from '../hooks/useDocumentCache';

/** /documents/{id} */
export default function DocumentViewPage() {
  const { id } = useParams<{ id: string }>();
  const { doc, error, loading } = useDocument(id ?? null);
  const storeDocument = useDocumentCache();
  return (
    <div className="document-page">
      <Link href="/documents" className="btn btn--secondary btn--sm">
        <Icon name="arrowLeft" size={16} /> Documentos
      </Link>
      {loading && !doc && <Spinner label="Carregando documento..." />}
      {error && !doc && <ErrorBanner message={error} />}
      {doc && <DocumentDetails doc={doc} onChange={storeDocument} />}
    </div>
  );
}
