import type { UserView } from '@contracts';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { levelLabel, roleLabel } from '../../auth/permissions';

export interface UserRowActions {
  onEdit: (user: UserView) => void;
  onToggleStatus: (user: UserView) => void;
  onResetPassword: (user: UserView) => void;
  onDelete: (user: UserView) => void;
}

export interface UsersTableProps extends UserRowActions {
  users: UserView[];
  currentUserId: string | undefined;
  /** Administrators get the row actions; others only read (the server refuses them anyway). */
  canManage: boolean;
  busyId: string | null;
}

/** Staff table (spec 2 §2.3): role, level and status badges; inactive rows styled apart. */
export function UsersTable({ users, currentUserId, canManage, busyId, ...actions }: UsersTableProps) {
  return (
    <div className="people-table__wrap">
      <table className="people-table">
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Usuário</th>
            <th scope="col">E-mail</th>
            <th scope="col">Departamento</th>
            <th scope="col">Perfil</th>
            <th scope="col">Nível</th>
            <th scope="col">Status</th>
            {canManage && <th scope="col">Ações</th>}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const active = user.status === 'active';
            const own = user.id === currentUserId;
            const busy = busyId === user.id;
            return (
              <tr key={user.id} className={cx(!active && 'people-table__row--inactive')} data-username={user.username}>
                <td>
                  {user.name}
                  {own && <span className="people-table__you"> (você)</span>}
                </td>
                <td>{user.username}</td>
                <td>{user.email}</td>
                <td>{user.department}</td>
                <td>
                  <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{roleLabel(user.role)}</Badge>
                </td>
                <td>
                  <Badge tone={user.level === 'Chefia' ? 'warning' : 'neutral'}>{levelLabel(user.level)}</Badge>
                </td>
                <td>
                  <Badge tone={active ? 'success' : 'danger'}>{active ? 'Ativo' : 'Inativo'}</Badge>
                </td>
                {canManage && (
                  <td>
                    <div className="people-table__actions">
                      <Button variant="ghost" size="sm" onPress={() => actions.onEdit(user)} isDisabled={busy}>
                        Editar
                      </Button>
                      <Button variant="ghost" size="sm" onPress={() => actions.onToggleStatus(user)} isDisabled={busy}>
                        {active ? 'Desativar' : 'Ativar'}
                      </Button>
                      <Button variant="ghost" size="sm" onPress={() => actions.onResetPassword(user)} isDisabled={busy}>
                        Redefinir senha
                      </Button>
                      {!own && (
                        <Button variant="danger" size="sm" onPress={() => actions.onDelete(user)} isDisabled={busy}>
                          Excluir
                        </Button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
