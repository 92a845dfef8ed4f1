import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '@/lib/http';

/**
 * Whether a failed query is tried again: once, and only when no answer arrived because the
 * connection failed. An HTTP answer (4xx, 5xx) and a timeout (30 s already waited) are final.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isHttpError(error) && error.statusCode === 0 && error.error === 'NetworkError';
}

/**
 * TanStack Query owns the server state. Data is refetched when a screen mounts, when a socket
 * event or a mutation invalidates its key, or on a screen's own refresh; not on window focus (the
 * socket already keeps open screens live).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client (provided in App.tsx; cleared when the session ends). */
export const queryClient = createQueryClient();
