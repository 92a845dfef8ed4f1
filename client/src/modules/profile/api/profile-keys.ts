/** TanStack Query keys of the signed-in user's own profile. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};
