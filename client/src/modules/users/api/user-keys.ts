/** TanStack Query keys of the users resource: every key starts with `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  /** The full staff list (Usuários screen). */
  list: () => [...userKeys.all, 'list'] as const,
  /** Active staff with lookup fields only (pickers). */
  lookups: () => [...userKeys.all, 'lookups'] as const,
};
