import '../signature-blocks.css';
import {
  BLOCK_RESULT_STATE_LABELS,
  type BlockSignerResult,
  SIGNATURE_BLOCK_STATUS_LABELS,
  type SignatureBlockDocument,
  type SignatureBlockView,
} from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { documentKeys } from '@/modules/documents/api/document-keys';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { Table, type TableColumn } from '@/ui/Table';
import { signatureBlockKeys } from '../api/signature-block-keys';
import { signatureBlocksApi } from '../api/signature-blocks-api';
import { BLOCK_STATUS_TONES, HIDDEN_DOCUMENT, RESULT_TONES } from '../components/block-format';
import { BlockSignDialog } from '../components/BlockSignDialog';

/** The block with my live results merged in (from `signature-block:progress` while a call runs). */
function withLive(block: SignatureBlockView, userId: string, live: Map<string, BlockSignerResult>) {
  if (live.size === 0) return block;
  return {
    ...block,
    documents: block.documents.map((doc) => ({
      ...doc,
      results: doc.results.map((r) => (r.userId === userId && live.get(doc.documentId)) || r),
    })),
  };
}

/** /signature-blocks/:id: the documents and each signer's state, live, and 'Assinar todos'. */
export default function SignatureBlockPage() {
  const { id } = useParams<{ id: string }>();
  const me = useAtomValue(currentUserAtom);
  const queryClient = useQueryClient();
  const [signing, setSigning] = useState(false);
  const [live, setLive] = useState(new Map<string, BlockSignerResult>());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const query = useQuery({
    queryKey: signatureBlockKeys.detail(id),
    queryFn: ({ signal }) => signatureBlocksApi.get(id, signal),
  });

  useSocketEvent('signature-block:progress', ({ blockId, result, done, total }) => {
    if (blockId !== id || !me) return;
    const { documentId, state, reason } = result;
    const signedAt = state === 'signed' ? new Date().toISOString() : null;
    setLive((current) => new Map(current).set(documentId, { userId: me.id, state, reason, signedAt }));
    setProgress({ done, total });
  });

  if (query.error) {
    return (
      <div className="signature-block-page">
        <PageHeader title="Bloco de assinatura" />
        <ErrorBanner message={errorMessage(query.error, 'Falha ao carregar o bloco de assinatura.')} />
        <Link href="/signature-blocks">Voltar aos blocos</Link>
      </div>
    );
  }
  if (!query.data || !me) return <Spinner label="Carregando bloco..." />;
  const block = withLive(query.data, me.id, live);
  const nameOf = (userId: string) => block.signers.find((s) => s.id === userId)?.name ?? '';

  const columns: readonly TableColumn<SignatureBlockDocument>[] = [
    { id: 'position', header: 'Nº', width: '3.5rem', cell: (doc) => doc.position + 1 },
    {
      id: 'title',
      header: 'Documento',
      isRowHeader: true,
      cell: (doc) =>
        doc.visible ? (
          <Link href={`/documents/${doc.documentId}`}>
            {doc.title} <span className="muted">({doc.protocolNumber})</span>
          </Link>
        ) : (
          <span className="muted">{HIDDEN_DOCUMENT}</span>
        ),
    },
    { id: 'process', header: 'Processo', hideOnMobile: true, cell: (doc) => doc.processName ?? '—' },
    {
      id: 'results',
      header: 'Assinaturas',
      cell: (doc) => (
        <ul className="block-results">
          {doc.results.map((r) => (
            <li key={r.userId}>
              <span>{nameOf(r.userId)}:</span>{' '}
              <Badge tone={RESULT_TONES[r.state]}>{BLOCK_RESULT_STATE_LABELS[r.state]}</Badge>
              {r.signedAt && <span className="muted"> {formatDateTime(r.signedAt)}</span>}
              {r.reason && <span className="block-results__reason">{r.reason}</span>}
            </li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <div className="signature-block-page">
      <PageHeader
        title={block.name}
        subtitle={
          <>
            <Badge tone={BLOCK_STATUS_TONES[block.status]}>{SIGNATURE_BLOCK_STATUS_LABELS[block.status]}</Badge> Criado
            por {block.createdBy.name} em {formatDateTime(block.createdAt)} · {block.signedCount} de{' '}
            {block.documentCount} documentos assinados por todos
          </>
        }
        actions={
          block.isSigner && block.myPendingCount > 0 ? (
            <Button onPress={() => setSigning(true)}>Assinar todos</Button>
          ) : undefined
        }
      />
      <p className="block-signers">
        <strong>Signatários, na ordem:</strong> {block.signers.map((s, i) => `${i + 1}. ${s.name}`).join(' · ')}
      </p>
      <Table
        label="Documentos do bloco"
        columns={columns}
        rows={block.documents}
        rowKey={(doc) => doc.documentId}
        emptyText="Este bloco não tem documentos."
      />
      <p>
        <Link href="/signature-blocks">Voltar aos blocos</Link>
      </p>
      <BlockSignDialog
        block={block}
        isOpen={signing}
        progress={progress}
        onClose={() => setSigning(false)}
        onSigned={(result) => {
          queryClient.setQueryData(signatureBlockKeys.detail(id), result.block);
          void queryClient.invalidateQueries({ queryKey: signatureBlockKeys.list() });
          void queryClient.invalidateQueries({ queryKey: documentKeys.all });
          setLive(new Map());
          setProgress(null);
        }}
      />
    </div>
  );
}
