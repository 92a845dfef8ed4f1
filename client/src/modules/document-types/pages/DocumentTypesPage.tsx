import { type DocumentType, SIGNATURE_LEVEL_LABELS } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Table, type TableColumn } from '@/ui/Table';
import { toast } from '@/ui/toast';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { documentTypesApi } from '../api/document-types-api';
import { documentTypeKeys } from '../api/document-type-keys';
import { DocumentTypeModal } from '../components/DocumentTypeModal';
import { useDocumentTypes } from '../hooks/useDocumentTypes';
import '../document-types.css';

const TOGGLE_FAILED = 'Erro ao alterar a situação do tipo de documento';

const COLUMNS: TableColumn<DocumentType>[] = [
  { id: 'name', header: 'Nome', cell: (type) => type.name, isRowHeader: true },
  {
    id: 'level',
    header: 'Assinatura mínima',
    cell: (type) => (
      <Badge tone={type.minimumLevel === 'qualified' ? 'warning' : 'neutral'}>
        {SIGNATURE_LEVEL_LABELS[type.minimumLevel]}
      </Badge>
    ),
  },
  {
    id: 'active',
    header: 'Situação',
    cell: (type) => <Badge tone={type.active ? 'success' : 'neutral'}>{type.active ? 'Ativo' : 'Inativo'}</Badge>,
  },
];

/** 'Tipos de documento' (docs/documents.md#types): administrators only; anyone else goes to the dashboard. */
export default function DocumentTypesPage() {
  const me = useAtomValue(currentUserAtom);
  if (me?.role !== 'admin') return <Redirect to="/dashboard" replace />;
  return <DocumentTypesScreen />;
}

function DocumentTypesScreen() {
  const queryClient = useQueryClient();
  const { data, error, refetch } = useDocumentTypes(true);
  // null: closed; 'new': creating; a type: editing it.
  const [modal, setModal] = useState<DocumentType | 'new' | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: documentTypeKeys.all });

  async function toggle(type: DocumentType) {
    setToggling(type.id);
    setFailure(null);
    try {
      await documentTypesApi.update(type.id, {
        name: type.name,
        minimumLevel: type.minimumLevel,
        active: !type.active,
      });
      toast.success(type.active ? `Tipo ${type.name} desativado.` : `Tipo ${type.name} reativado.`);
      await reload();
    } catch (caught) {
      setFailure(errorMessage(caught, TOGGLE_FAILED));
    } finally {
      setToggling(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Tipos de documento"
        subtitle="Tipos oferecidos ao criar documentos e a assinatura mínima que cada um exige"
        actions={<Button onPress={() => setModal('new')}>Novo tipo</Button>}
      />
      {error && (
        <ErrorBanner
          message={`Falha ao carregar os tipos de documento: ${errorMessage(error, 'Erro desconhecido')}`}
          onRetry={() => void refetch()}
        />
      )}
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <p className="document-types__note">
        Um tipo em uso não é excluído: desative-o para que deixe de ser oferecido; os documentos que já o têm o mantêm.
        Assinatura qualificada exige certificado digital ICP-Brasil (Lei nº 14.063/2020).
      </p>
      <div className="card">
        <Table
          label="Tipos de documento"
          columns={COLUMNS}
          rows={data ?? []}
          rowKey={(type) => type.id}
          isLoading={!data && !error}
          loadingLabel="Carregando tipos de documento..."
          emptyText="Nenhum tipo de documento cadastrado."
          actionsHeader="Ações"
          rowAttributes={(type) => ({ 'data-active': String(type.active) })}
          rowActions={(type) => (
            <>
              <Button variant="secondary" size="sm" onPress={() => setModal(type)} aria-label={`Editar ${type.name}`}>
                Editar
              </Button>
              <Button
                variant={type.active ? 'danger' : 'secondary'}
                size="sm"
                isDisabled={toggling === type.id}
                onPress={() => void toggle(type)}
                aria-label={`${type.active ? 'Desativar' : 'Reativar'} ${type.name}`}
              >
                {type.active ? 'Desativar' : 'Reativar'}
              </Button>
            </>
          )}
        />
      </div>
      {modal && (
        <DocumentTypeModal
          key={modal === 'new' ? 'new' : modal.id}
          editing={modal === 'new' ? null : modal}
          onClose={() => setModal(null)}
          onSaved={reload}
        />
      )}
    </>
  );
}
