import type { DepartmentRequest, DepartmentView } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage, isHttpError } from '@/lib/http';
import { useConfirmedDelete } from '@/lib/useConfirmedDelete';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Table, type TableColumn } from '@/ui/Table';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { ReceivingDepartmentSetting } from '@/modules/public-requests/components/ReceivingDepartmentSetting';
import { useQueryClient } from '@tanstack/react-query';
import { departmentsApi } from '../api/departments-api';
import { departmentKeys } from '../api/department-keys';
import { DepartmentModal } from '../components/DepartmentModal';
import { useDepartments } from '../hooks/useDepartments';
import '@/styles/people.css';

// docs/accounts.md#validation.
const DELETE_CONFIRMATION = 'Tem certeza que deseja excluir este departamento?';
const SAVE_FAILED = 'Erro ao salvar departamento';
const DELETE_FAILED = 'Erro ao excluir departamento';

const COLUMNS: TableColumn<DepartmentView>[] = [
  { id: 'name', header: 'Nome', cell: (department) => department.name },
  { id: 'description', header: 'Descrição', cell: (department) => department.description || '-' },
];

function loadFailure(error: unknown): string {
  // A malformed reply throws a plain Error ('Resposta inválida do servidor.'); HTTP failures carry the server's text.
  const detail =
    error instanceof Error && !isHttpError(error) ? error.message : errorMessage(error, 'Erro desconhecido');
  return `Falha ao carregar departamentos: ${detail}`;
}

/** Department Management (docs/accounts.md#departments). Changes are for administrators (the server enforces it). */
export default function DepartmentsPage() {
  const me = useAtomValue(currentUserAtom);
  const canManage = me?.role === 'admin';
  const [modal, setModal] = useState<{ department: DepartmentView | null } | null>(null);

  const queryClient = useQueryClient();
  const list = useDepartments();
  const departments = list.data ?? (list.isError ? [] : null);
  const loadError = list.error ? loadFailure(list.error) : null;
  const reload = () => queryClient.invalidateQueries({ queryKey: departmentKeys.all });
  const deletion = useConfirmedDelete<DepartmentView>(
    (department) => departmentsApi.remove(department.id),
    reload,
    DELETE_FAILED,
  );

  async function save(body: DepartmentRequest) {
    if (modal?.department) await departmentsApi.update(modal.department.id, body);
    else await departmentsApi.create(body);
    setModal(null);
    await reload();
  }

  return (
    <>
      <PageHeader
        title="Departamentos"
        subtitle="Departamentos da prefeitura usados em processos, usuários e relatórios"
        actions={canManage && <Button onPress={() => setModal({ department: null })}>Novo Departamento</Button>}
      />
      {loadError && <ErrorBanner message={loadError} />}
      {deletion.error && <ErrorBanner message={deletion.error} onDismiss={deletion.dismissError} />}
      <div className="card">
        <Table
          label="Departamentos"
          columns={COLUMNS}
          rows={departments ?? []}
          rowKey={(department) => department.id}
          isLoading={departments === null}
          loadingLabel="Carregando departamentos..."
          emptyText="Nenhum departamento encontrado."
          actionsHeader="Ações"
          rowActions={
            canManage
              ? (department) => (
                  <>
                    <Button variant="ghost" size="sm" onPress={() => setModal({ department })}>
                      Editar
                    </Button>
                    <Button variant="danger" size="sm" onPress={() => deletion.ask(department)}>
                      Excluir
                    </Button>
                  </>
                )
              : undefined
          }
        />
      </div>
      {canManage && departments && <ReceivingDepartmentSetting departments={departments.map((d) => d.name)} />}

      <DepartmentModal
        isOpen={modal !== null}
        department={modal?.department ?? null}
        onClose={() => setModal(null)}
        onSubmit={save}
        failureText={(error) => errorMessage(error, SAVE_FAILED)}
      />
      <ConfirmDialog
        isOpen={deletion.deleting !== null}
        onOpenChange={deletion.onOpenChange}
        title="Excluir departamento"
        message={DELETE_CONFIRMATION}
        confirmLabel="Excluir"
        isDestructive
        isPending={deletion.pending}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
