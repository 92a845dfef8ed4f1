import type { UserView } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { authApi } from '@/modules/auth/api/auth-api';
import { authKeys } from '@/modules/auth/api/auth-keys';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { USER_RETRY_ERROR } from '../utils/dashboard-view';

export const USER_RETRY_ATTEMPTS = 3;
export const USER_RETRY_INTERVAL_MS = 1000;

const isComplete = (user: UserView | null | undefined): user is UserView => !!user?.id && !!user.name;

/** GET /auth/me that fails unless the record is complete, so an incomplete one is fetched again. */
async function fetchCompleteUser(signal: AbortSignal): Promise<UserView> {
  const fresh = await authApi.me(signal);
  if (!isComplete(fresh)) throw new Error(USER_RETRY_ERROR);
  return fresh;
}

/**
 * The signed-in user's record for the dashboard. While it is incomplete it is fetched again, up to
 * 3 times, once per second (docs/dashboard.md#screen); after that the page shows USER_RETRY_ERROR.
 */
export function useUserRecord(): { user: UserView | null; error: string | null } {
  const [user, setUser] = useAtom(currentUserAtom);
  const complete = isComplete(user);
  const query = useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => fetchCompleteUser(signal),
    enabled: !complete,
    retry: USER_RETRY_ATTEMPTS - 1,
    retryDelay: USER_RETRY_INTERVAL_MS,
  });
  const fresh = query.data;
  useEffect(() => {
    if (fresh && !complete) setUser(fresh);
  }, [fresh, complete, setUser]);
  return { user: complete ? user : null, error: !complete && query.isError ? USER_RETRY_ERROR : null };
}
