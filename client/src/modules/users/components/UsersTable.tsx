import type { UserView } from '@contracts';
import { Badge } from '@/ui/Badge';
import { BreakableText } from '@/ui/BreakableText';
import { RowActionsMenu } from '@/ui/RowActionsMenu';
import { Table, type TableColumn } from '@/ui/Table';
import { levelLabel, roleLabel } from '@/modules/auth/permissions';

export interface UserRowActions {
  onEdit: (user: UserView) => void;
  onToggleStatus: (user: UserView) => void;
  onResetPassword: (user: UserView) => void;
  onDelete: (user: UserView) => void;
}

export interface UsersTableProps extends UserRowActions {
  users: readonly UserView[];
  isLoading: boolean;
  currentUserId: string | undefined;
  /** Administrators get the row actions; others only read (the server refuses them anyway). */
  canManage: boolean;
  busyId: string | null;
}

const isActive = (user: UserView) => user.status === 'active';

function columns(currentUserId: string | undefined): TableColumn<UserView>[] {
  return [
    {
      id: 'name',
      header: 'Nome',
      isRowHeader: true,
      cell: (user) => (
        <>
          {user.name}
          {user.id === currentUserId && <span className="people-table__you"> (você)</span>}
        </>
      ),
    },
    { id: 'username', header: 'Usuário', cell: (user) => <BreakableText text={user.username} /> },
    { id: 'email', header: 'E-mail', cell: (user) => <BreakableText text={user.email} /> },
    { id: 'department', header: 'Departamento', cell: (user) => user.department },
    {
      id: 'role',
      header: 'Perfil',
      cell: (user) => <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{roleLabel(user.role)}</Badge>,
    },
    {
      id: 'level',
      header: 'Nível',
      cell: (user) => <Badge tone={user.level === 'Chefia' ? 'warning' : 'neutral'}>{levelLabel(user.level)}</Badge>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <Badge tone={isActive(user) ? 'success' : 'danger'}>{isActive(user) ? 'Ativo' : 'Inativo'}</Badge>
      ),
    },
  ];
}

/** Staff table (docs/accounts.md#user-management): role, level and status badges; inactive rows styled apart; actions in a menu. */
export function UsersTable({ users, isLoading, currentUserId, canManage, busyId, ...actions }: UsersTableProps) {
  return (
    <Table
      label="Usuários"
      columns={columns(currentUserId)}
      rows={users}
      rowKey={(user) => user.id}
      isLoading={isLoading}
      loadingLabel="Carregando usuários..."
      emptyText="Nenhum usuário encontrado."
      rowAttributes={(user) => ({
        className: isActive(user) ? undefined : 'people-table__row--inactive',
        'data-username': user.username,
      })}
      rowActions={
        canManage
          ? (user) => {
              const busy = busyId === user.id;
              return (
                <RowActionsMenu
                  label={`Ações de ${user.name}`}
                  actions={[
                    { id: 'edit', label: 'Editar', onAction: () => actions.onEdit(user), isDisabled: busy },
                    {
                      id: 'status',
                      label: isActive(user) ? 'Desativar' : 'Ativar',
                      onAction: () => actions.onToggleStatus(user),
                      isDisabled: busy,
                    },
                    {
                      id: 'reset',
                      label: 'Redefinir senha',
                      onAction: () => actions.onResetPassword(user),
                      isDisabled: busy,
                    },
                    ...(user.id === currentUserId
                      ? []
                      : [
                          {
                            id: 'delete',
                            label: 'Excluir',
                            onAction: () => actions.onDelete(user),
                            isDisabled: busy,
                            isDestructive: true,
                          },
                        ]),
                  ]}
                />
              );
            }
          : undefined
      }
    />
  );
}
