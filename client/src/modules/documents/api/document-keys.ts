/** TanStack Query keys of the documents resource: every key starts with `documentKeys.all`. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  /** The /documents search (`q` '' = everything visible; `documentType` '' = every type). */
  search: (q: string, documentType: string) => [...documentKeys.lists(), { q, documentType }] as const,
  /** The visible documents linked to one process. */
  forProcess: (processId: string) => [...documentKeys.lists(), { processId }] as const,
  /** 'Assinaturas pendentes' ({} = unfiltered: the page and the sidebar count share it). */
  pendingSignatures: (filters: { processId?: string; requesterId?: string } = {}) =>
    [...documentKeys.lists(), 'pending-signatures', filters] as const,
  details: () => [...documentKeys.all, 'detail'] as const,
  detail: (id: string) => [...documentKeys.details(), id] as const,
  /** The public verification of a signed document (citizens' page). */
  verification: (id: string, code: string) => [...documentKeys.all, 'verification', id, code] as const,
  /** The text of a stored file, per version of the document. */
  content: (fileName: string, updatedAt: string) => [...documentKeys.all, 'content', fileName, updatedAt] as const,
};
