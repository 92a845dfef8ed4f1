/** TanStack Query keys of signature blocks: every key starts with `signatureBlockKeys.all`. */
export const signatureBlockKeys = {
  all: ['signature-blocks'] as const,
  list: () => [...signatureBlockKeys.all, 'list'] as const,
  detail: (id: string) => [...signatureBlockKeys.all, 'detail', id] as const,
};
