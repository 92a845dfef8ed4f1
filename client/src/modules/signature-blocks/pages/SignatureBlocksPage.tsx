import '../signature-blocks.css';
import { SIGNATURE_BLOCK_STATUS_LABELS, type SignatureBlockSummary } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Table, type TableColumn } from '@/ui/Table';
import { signatureBlockKeys } from '../api/signature-block-keys';
import { signatureBlocksApi } from '../api/signature-blocks-api';
import { BLOCK_STATUS_TONES } from '../components/block-format';
import { CreateBlockModal } from '../components/CreateBlockModal';

const COLUMNS: readonly TableColumn<SignatureBlockSummary>[] = [
  {
    id: 'name',
    header: 'Nome',
    isRowHeader: true,
    cell: (block) => <Link href={`/signature-blocks/${block.id}`}>{block.name}</Link>,
  },
  { id: 'createdBy', header: 'Criado por', cell: (block) => block.createdBy.name },
  {
    id: 'documents',
    header: 'Assinados',
    align: 'center',
    cell: (block) => `${block.signedCount} de ${block.documentCount}`,
  },
  {
    id: 'mine',
    header: 'Aguardando você',
    align: 'center',
    cell: (block) => (block.isSigner ? block.myPendingCount : '—'),
  },
  {
    id: 'status',
    header: 'Situação',
    cell: (block) => (
      <Badge tone={BLOCK_STATUS_TONES[block.status]}>{SIGNATURE_BLOCK_STATUS_LABELS[block.status]}</Badge>
    ),
  },
  { id: 'createdAt', header: 'Criado em', hideOnMobile: true, cell: (block) => formatDateTime(block.createdAt) },
];

/** /signature-blocks: the blocks I created or must sign, and 'Novo bloco' (docs/documents.md#signature-blocks). */
export default function SignatureBlocksPage() {
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const blocks = useQuery({
    queryKey: signatureBlockKeys.list(),
    queryFn: ({ signal }) => signatureBlocksApi.list(signal),
  });

  return (
    <div className="signature-blocks-page">
      <PageHeader
        title="Blocos de assinatura"
        subtitle="Assine vários documentos de uma vez, com uma única senha ou certificado."
        actions={<Button onPress={() => setCreating(true)}>Novo bloco</Button>}
      />
      {blocks.error && (
        <ErrorBanner message={errorMessage(blocks.error, 'Falha ao carregar os blocos de assinatura.')} />
      )}
      {!blocks.error && (
        <Table
          label="Blocos de assinatura"
          columns={COLUMNS}
          rows={blocks.data ?? []}
          rowKey={(block) => block.id}
          isLoading={blocks.isPending}
          loadingLabel="Carregando blocos..."
          emptyText="Nenhum bloco de assinatura criado por você ou aguardando a sua assinatura."
        />
      )}
      <CreateBlockModal
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(block) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: signatureBlockKeys.list() });
          navigate(`/signature-blocks/${block.id}`);
        }}
      />
    </div>
  );
}
