import type { UserView } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setCurrentUser } from '@/modules/auth/session';
import { profileApi } from '../api/profile-api';
import { profileKeys } from '../api/profile-keys';

/** GET /profile: the signed-in user's own account. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me(), queryFn: ({ signal }) => profileApi.get(signal) });
}

/** Stores the account the server returned after a change (profile, preferences, e-mail, avatar). */
export function useProfileCache(): (user: UserView) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: UserView) => {
      queryClient.setQueryData(profileKeys.me(), user);
      setCurrentUser(user);
    },
    [queryClient],
  );
}
