import type { ProcessListQuery } from '@contracts';

/** TanStack Query keys of the processes resource: every key starts with `processKeys.all`. */
export const processKeys = {
  all: ['processes'] as const,
  lists: () => [...processKeys.all, 'list'] as const,
  list: (query: ProcessListQuery) => [...processKeys.lists(), query] as const,
  stats: () => [...processKeys.all, 'stats'] as const,
  details: () => [...processKeys.all, 'detail'] as const,
  detail: (id: string) => [...processKeys.details(), id] as const,
};
