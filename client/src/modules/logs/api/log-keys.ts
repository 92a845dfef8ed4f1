import type { Query } from '@/lib/http';

/** TanStack Query keys of the audit log: every key starts with `logKeys.all`. */
export const logKeys = {
  all: ['logs'] as const,
  list: (query: Query) => [...logKeys.all, 'list', query] as const,
  detail: (id: string) => [...logKeys.all, 'detail', id] as const,
  stats: (query: Query) => [...logKeys.all, 'stats', query] as const,
};
