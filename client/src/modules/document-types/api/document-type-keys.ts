/** TanStack Query keys of the document types. */
export const documentTypeKeys = {
  all: ['document-types'] as const,
  list: (includeInactive: boolean) => [...documentTypeKeys.all, { includeInactive }] as const,
};
