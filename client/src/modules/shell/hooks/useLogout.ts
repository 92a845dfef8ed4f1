import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { logout } from '@/modules/auth/session';

/** Logs out on the server and locally, then goes to /login. */
export function useLogout(): () => Promise<void> {
  const [, navigate] = useLocation();
  return useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [navigate]);
}
