import type { UserLookup } from '@contracts';
import { useEffect, useState } from 'react';
import { fetchUserLookups } from '../api/lookup-api';

export const USERS_LOAD_ERROR = 'Erro ao carregar usuários';

/** Active staff for the pickers; `error` holds the pt-BR text when the list could not load. */
export function useUserLookups(enabled = true): { users: UserLookup[]; loading: boolean; error: string | null } {
  const [state, setState] = useState<{ users: UserLookup[]; loading: boolean; error: string | null }>({
    users: [],
    loading: enabled,
    error: null,
  });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setState((current) => ({ ...current, loading: true, error: null }));
    fetchUserLookups()
      .then((users) => active && setState({ users, loading: false, error: null }))
      .catch(() => active && setState({ users: [], loading: false, error: USERS_LOAD_ERROR }));
    return () => {
      active = false;
    };
  }, [enabled]);
  return state;
}
