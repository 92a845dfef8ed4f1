/** TanStack Query keys of the external requesters (the creation form's search). */
export const requesterKeys = {
  all: ['requesters'] as const,
  search: (query: string) => [...requesterKeys.all, 'search', query] as const,
};
