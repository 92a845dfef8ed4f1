import type { UserLookup } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { userKeys } from '../api/user-keys';

export const USERS_LOAD_ERROR = 'Erro ao carregar usuários';

/** Active staff for the pickers; `error` holds the pt-BR text when the list could not load. */
export function useUserLookups(enabled = true): {
  users: UserLookup[];
  loading: boolean;
  error: string | null;
  retry: () => void;
} {
  const query = useQuery({
    queryKey: userKeys.lookups(),
    queryFn: ({ signal }) => http.get<UserLookup[]>('/users/for-reports', { signal }),
    enabled,
  });
  const retry = () => void query.refetch();
  if (query.isError) return { users: [], loading: false, error: USERS_LOAD_ERROR, retry };
  return { users: query.data ?? [], loading: enabled && query.isPending, error: null, retry };
}
