/** TanStack Query keys of the header search: every key starts with `searchKeys.all`. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, { q }] as const,
};
