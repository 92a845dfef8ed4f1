/** TanStack Query keys of the reports: every key starts with `reportKeys.all`. */
export const reportKeys = {
  all: ['reports'] as const,
  /** The requester picker's list. */
  requesters: () => [...reportKeys.all, 'unique-requesters'] as const,
};
