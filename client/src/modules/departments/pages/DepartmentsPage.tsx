import type { DepartmentRequest, DepartmentView } from '@contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isHttpError } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import { currentUserAtom } from '../../auth/states/currentUserAtom';
import { departmentsApi } from '../api/departments-api';
import { DepartmentModal } from '../components/DepartmentModal';
import { readDepartmentList } from '../utils/department-list';
import '../../../styles/people.css';

// Spec 2 §5 and §8.
const DELETE_CONFIRMATION = 'Tem certeza que deseja excluir este departamento?';
const SAVE_FAILED = 'Erro ao salvar departamento';
const DELETE_FAILED = 'Erro ao excluir departamento';

function loadFailure(error: unknown): string {
  // A malformed reply throws a plain Error ('Resposta inválida do servidor.'); HTTP failures carry the server's text.
  const detail =
    error instanceof Error && !isHttpError(error) ? error.message : errorMessage(error, 'Erro desconhecido');
  return `Falha ao carregar departamentos: ${detail}`;
}

/** Department Management (spec 2 §2.9). Changes are for administrators (the server enforces it). */
export default function DepartmentsPage() {
  const me = useAtomValue(currentUserAtom);
  const canManage = me?.role === 'admin';
  const [departments, setDepartments] = useState<DepartmentView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [modal, setModal] = useState<{ department: DepartmentView | null } | null>(null);
  const [deleting, setDeleting] = useState<DepartmentView | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setDepartments(readDepartmentList(await departmentsApi.list()));
    } catch (error) {
      setLoadError(loadFailure(error));
      setDepartments((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(body: DepartmentRequest) {
    if (modal?.department) await departmentsApi.update(modal.department.id, body);
    else await departmentsApi.create(body);
    setModal(null);
    await load();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await departmentsApi.remove(deleting.id);
      setDeleting(null);
      await load();
    } catch (error) {
      toast.error(errorMessage(error, DELETE_FAILED));
    } finally {
      setDeletePending(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Departamentos"
        subtitle="Departamentos da prefeitura usados em processos, usuários e relatórios"
        actions={canManage && <Button onPress={() => setModal({ department: null })}>New Department</Button>}
      />
      {loadError && <ErrorBanner message={loadError} />}
      <div className="card">
        {departments === null ? (
          <div className="page-loading">
            <Spinner label="Carregando departamentos..." />
          </div>
        ) : departments.length === 0 ? (
          <EmptyState title="No departments found." />
        ) : (
          <div className="people-table__wrap">
            <table className="people-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Description</th>
                  {canManage && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {departments.map((department) => (
                  <tr key={department.id}>
                    <td>{department.name}</td>
                    <td>{department.description || '-'}</td>
                    {canManage && (
                      <td>
                        <div className="people-table__actions">
                          <Button variant="ghost" size="sm" onPress={() => setModal({ department })}>
                            Editar
                          </Button>
                          <Button variant="danger" size="sm" onPress={() => setDeleting(department)}>
                            Excluir
                          </Button>
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <DepartmentModal
        isOpen={modal !== null}
        department={modal?.department ?? null}
        onClose={() => setModal(null)}
        onSubmit={save}
        failureText={(error) => errorMessage(error, SAVE_FAILED)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !deletePending && setDeleting(null)}
        title="Excluir departamento"
        message={DELETE_CONFIRMATION}
        confirmLabel="Excluir"
        isDestructive
        isPending={deletePending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
