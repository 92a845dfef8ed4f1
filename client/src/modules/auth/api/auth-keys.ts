/** TanStack Query keys of the session's own account. */
export const authKeys = {
  all: ['auth'] as const,
  /** GET /auth/me: the signed-in user. */
  me: () => [...authKeys.all, 'me'] as const,
};
