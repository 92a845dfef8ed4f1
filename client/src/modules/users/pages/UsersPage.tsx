import type { DepartmentView, UserView } from '@contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast';
import { canSeeAdministration } from '../../auth/permissions';
import { currentUserAtom } from '../../auth/states/currentUserAtom';
import { departmentsApi } from '../../departments/api/departments-api';
import { usersApi } from '../api/users-api';
import { CredentialsModal, type Credentials } from '../components/CredentialsModal';
import { UserFormModal } from '../components/UserFormModal';
import { UsersTable } from '../components/UsersTable';
import { readCreateUserResponse } from '../utils/create-user-response';
import { userToForm, type UserForm } from '../utils/user-form';
import '../../../styles/people.css';

// Spec 2 §8.
const LOAD_FAILED = 'Falha ao carregar usuários. Por favor, tente novamente.';
const ADD_FAILED = 'Erro ao adicionar usuário. Por favor, tente novamente.';
const UPDATE_FAILED = 'Erro ao atualizar usuário. Por favor, tente novamente.';
const DELETE_FAILED = 'Falha ao excluir usuário. Por favor, tente novamente.';
const STATUS_FAILED = 'Falha ao alterar status do usuário. Por favor, tente novamente.';
const SELF_DEACTIVATION = 'Você não pode desativar sua própria conta.';
const RESET_SENT_BY_EMAIL =
  'Senha redefinida com sucesso! Uma nova senha temporária foi enviada para o email do usuário.';

const byName = (a: UserView, b: UserView) => a.name.localeCompare(b.name, 'pt-BR');

/** Gestão de Usuários (spec 2 §2.3). */
export default function UsersPage() {
  const me = useAtomValue(currentUserAtom);
  const canManage = me?.role === 'admin';
  const [users, setUsers] = useState<UserView[] | null>(null);
  const [departments, setDepartments] = useState<DepartmentView[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const editForm = useMemo(() => (editing ? userToForm(editing) : undefined), [editing]);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setUsers((await usersApi.list()).slice().sort(byName));
    } catch (error) {
      setLoadError(errorMessage(error, LOAD_FAILED));
      setUsers((current) => current ?? []);
    }
  }, []);

  const allowed = canSeeAdministration(me);

  useEffect(() => {
    if (!allowed) return;
    void load();
    departmentsApi
      .list()
      .then(setDepartments)
      .catch(() => setDepartments([]));
  }, [allowed, load]);

  const replace = (updated: UserView) =>
    setUsers((current) => (current ?? []).map((u) => (u.id === updated.id ? updated : u)));

  async function addUser(form: UserForm) {
    const reply = readCreateUserResponse(await usersApi.create(form));
    setAdding(false);
    if (reply.user) setUsers((current) => [...(current ?? []), reply.user!].sort(byName));
    else await load();
    if (reply.tempPassword) {
      setCredentials({
        name: form.name,
        username: reply.user?.username ?? form.username,
        tempPassword: reply.tempPassword,
      });
    }
  }

  async function updateUser(form: UserForm) {
    if (!editing) return;
    const { name, email, department, role, level } = form;
    replace(await usersApi.update(editing.id, { name, email, department, role, level }));
    setEditing(null);
  }

  async function toggleStatus(user: UserView) {
    const next = user.status === 'active' ? 'inactive' : 'active';
    if (next === 'inactive' && user.id === me?.id) {
      window.alert(SELF_DEACTIVATION);
      return;
    }
    setBusyId(user.id);
    try {
      replace(await usersApi.setStatus(user.id, next));
    } catch (error) {
      window.alert(errorMessage(error, STATUS_FAILED));
    } finally {
      setBusyId(null);
    }
  }

  async function resetPassword(user: UserView) {
    if (!window.confirm(`Redefinir a senha de ${user.name}? As sessões abertas desse usuário serão encerradas.`))
      return;
    setBusyId(user.id);
    try {
      const { tempPassword } = readCreateUserResponse(await usersApi.resetPassword(user.id));
      if (tempPassword) setCredentials({ name: user.name, username: user.username, tempPassword });
      else window.alert(RESET_SENT_BY_EMAIL);
    } catch (error) {
      window.alert(`Erro ao redefinir senha: ${errorMessage(error, 'Erro desconhecido')}`);
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await usersApi.remove(deleting.id);
      setUsers((current) => (current ?? []).filter((u) => u.id !== deleting.id));
      toast.success('Usuário excluído com sucesso.');
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, DELETE_FAILED));
    } finally {
      setDeletePending(false);
    }
  }

  if (!allowed) {
    return (
      <>
        <PageHeader title="Gestão de Usuários" />
        <div className="card">
          <EmptyState title="Você não tem permissão para acessar esta página." />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Gestão de Usuários"
        subtitle="Contas dos servidores, perfis de acesso e status"
        actions={canManage && <Button onPress={() => setAdding(true)}>Adicionar Usuário</Button>}
      />
      {loadError && <ErrorBanner message={loadError} onRetry={() => void load()} />}
      <div className="card">
        {users === null ? (
          <div className="page-loading">
            <Spinner label="Carregando usuários..." />
          </div>
        ) : users.length === 0 ? (
          <EmptyState title="Nenhum usuário encontrado." />
        ) : (
          <UsersTable
            users={users}
            currentUserId={me?.id}
            canManage={canManage}
            busyId={busyId}
            onEdit={setEditing}
            onToggleStatus={(user) => void toggleStatus(user)}
            onResetPassword={(user) => void resetPassword(user)}
            onDelete={setDeleting}
          />
        )}
      </div>

      <UserFormModal
        mode="add"
        isOpen={adding}
        departments={departments}
        onClose={() => setAdding(false)}
        onSubmit={addUser}
        failureText={(error) => errorMessage(error, ADD_FAILED)}
      />
      <UserFormModal
        mode="edit"
        isOpen={editing !== null}
        initial={editForm}
        departments={departments}
        onClose={() => setEditing(null)}
        onSubmit={updateUser}
        failureText={(error) => errorMessage(error, UPDATE_FAILED)}
      />
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !deletePending && setDeleting(null)}
        title="Confirmar Exclusão"
        message={
          deleting && (
            <>
              Tem certeza que deseja excluir o usuário <strong>{deleting.name}</strong> ({deleting.username})? Esta ação
              não pode ser desfeita.
            </>
          )
        }
        confirmLabel="Excluir"
        isDestructive
        isPending={deletePending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
