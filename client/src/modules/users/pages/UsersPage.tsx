import type { UserView } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toast';
import { canSeeAdministration } from '@/modules/auth/permissions';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { useDepartments } from '@/modules/departments/hooks/useDepartments';
import { usersApi } from '../api/users-api';
import { userKeys } from '../api/user-keys';
import { CredentialsModal, type Credentials } from '../components/CredentialsModal';
import { UserFormModal } from '../components/UserFormModal';
import { UsersTable } from '../components/UsersTable';
import { readCreateUserResponse } from '../utils/create-user-response';
import { userToForm, type UserForm } from '../utils/user-form';
import '@/styles/people.css';

// docs/accounts.md#validation.
const LOAD_FAILED = 'Falha ao carregar usuários. Por favor, tente novamente.';
const ADD_FAILED = 'Erro ao adicionar usuário. Por favor, tente novamente.';
const UPDATE_FAILED = 'Erro ao atualizar usuário. Por favor, tente novamente.';
const DELETE_FAILED = 'Falha ao excluir usuário. Por favor, tente novamente.';
const STATUS_FAILED = 'Falha ao alterar status do usuário. Por favor, tente novamente.';
const SELF_DEACTIVATION = 'Você não pode desativar sua própria conta.';
const RESET_SENT_BY_EMAIL =
  'Senha redefinida com sucesso! Uma nova senha temporária foi enviada para o email do usuário.';

const byName = (a: UserView, b: UserView) => a.name.localeCompare(b.name, 'pt-BR');

/** Gestão de Usuários (docs/accounts.md#user-management). */
export default function UsersPage() {
  const me = useAtomValue(currentUserAtom);
  const canManage = me?.role === 'admin';
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deactivating, setDeactivating] = useState<UserView | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const editForm = useMemo(() => (editing ? userToForm(editing) : undefined), [editing]);

  const allowed = canSeeAdministration(me);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: userKeys.list(),
    queryFn: async ({ signal }) => (await usersApi.list(signal)).slice().sort(byName),
    enabled: allowed,
  });
  const users = list.data ?? (list.isError ? [] : null);
  const loadError = list.error ? errorMessage(list.error, LOAD_FAILED) : null;
  const departments = useDepartments(allowed).data ?? [];

  /** An account changed: the list shows it at once, lookups and the list are fetched again. */
  const replace = (updated: UserView) => {
    queryClient.setQueryData<UserView[]>(userKeys.list(), (current) =>
      current?.map((u) => (u.id === updated.id ? updated : u)),
    );
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };

  async function addUser(form: UserForm) {
    const reply = readCreateUserResponse(await usersApi.create(form));
    setAdding(false);
    const created = reply.user;
    if (created)
      queryClient.setQueryData<UserView[]>(userKeys.list(), (current) => [...(current ?? []), created].sort(byName));
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    // No password in the reply: the server e-mailed it (the modal says so).
    setCredentials({
      name: form.name,
      username: reply.user?.username ?? form.username,
      tempPassword: reply.tempPassword,
    });
  }

  async function updateUser(form: UserForm) {
    if (!editing) return;
    const { name, email, department, role, level } = form;
    replace(await usersApi.update(editing.id, { name, email, department, role, level }));
    setEditing(null);
  }

  /** Deactivating locks a person out: it is confirmed first; activating is not. */
  function toggleStatus(user: UserView) {
    if (user.status !== 'active') return void setStatus(user, 'active');
    if (user.id === me?.id) return window.alert(SELF_DEACTIVATION);
    setDeactivating(user);
  }

  async function setStatus(user: UserView, next: UserView['status']) {
    setBusyId(user.id);
    try {
      replace(await usersApi.setStatus(user.id, next));
      toast.success(next === 'active' ? 'Usuário ativado com sucesso.' : 'Usuário desativado com sucesso.');
    } catch (error) {
      toast.error(errorMessage(error, STATUS_FAILED));
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
      const removedId = deleting.id;
      queryClient.setQueryData<UserView[]>(userKeys.list(), (current) => current?.filter((u) => u.id !== removedId));
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
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
      {loadError && <ErrorBanner message={loadError} onRetry={() => void list.refetch()} />}
      <div className="card">
        <UsersTable
          users={users ?? []}
          isLoading={users === null}
          currentUserId={me?.id}
          canManage={canManage}
          busyId={busyId}
          onEdit={setEditing}
          onToggleStatus={toggleStatus}
          onResetPassword={(user) => void resetPassword(user)}
          onDelete={setDeleting}
        />
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
      <ConfirmDialog
        isOpen={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title="Desativar Usuário"
        message={
          deactivating && (
            <>
              Desativar o usuário <strong>{deactivating.name}</strong> ({deactivating.username})? Ele não poderá mais
              entrar no sistema até ser ativado de novo.
            </>
          )
        }
        confirmLabel="Desativar"
        isDestructive
        onConfirm={() => {
          if (deactivating) void setStatus(deactivating, 'inactive');
          setDeactivating(null);
        }}
      />
    </>
  );
}
