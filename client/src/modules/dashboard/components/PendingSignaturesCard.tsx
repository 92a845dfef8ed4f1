import type { DashboardPendingSignature } from '@contracts';
import { Link } from 'wouter';
import { Card } from '@/ui/Card';

/** The caller's documents waiting for their signature (docs/dashboard.md#screen). */
export function PendingSignaturesCard({
  items,
  loading,
}: {
  items: DashboardPendingSignature[] | null;
  loading: boolean;
}) {
  return (
    <Card
      title="Assinaturas Pendentes"
      className="dashboard-signatures"
      actions={
        items?.length ? (
          <Link href="/documents/pending-signatures" className="dashboard-link">
            Ver todas
          </Link>
        ) : undefined
      }
    >
      {loading && !items ? (
        <p className="dashboard-empty">Carregando assinaturas...</p>
      ) : !items?.length ? (
        <p className="dashboard-empty">Não há documentos pendentes de assinatura.</p>
      ) : (
        <ul className="dashboard-signatures__list">
          {items.map((doc) => (
            <li key={doc.id}>
              <Link href={`/documents/${encodeURIComponent(doc.id)}`} className="dashboard-signatures__item">
                <strong>{doc.title}</strong>
                <span>{doc.protocolNumber}</span>
                <span>{doc.department}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
