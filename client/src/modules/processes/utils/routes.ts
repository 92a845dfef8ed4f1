/** Route of a process's page; the NUP id's slash is percent-encoded. */
export function processDetailsRoute(id: string): string {
  return `/process-details/${encodeURIComponent(id)}`;
}

/** The id from the route parameter (encoded once by processDetailsRoute). */
export function processIdFromParam(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/** Query flag of /processes that opens the creation form on arrival. */
export const NEW_PROCESS_FLAG = 'novo';

/** Where the spec's /new-process leads: the list with the creation form open. */
export const NEW_PROCESS_ROUTE = `/processes?${NEW_PROCESS_FLAG}=1`;

/** Whether a /processes query string asks for the creation form. */
export const asksForNewProcess = (search: string): boolean => new URLSearchParams(search).has(NEW_PROCESS_FLAG);
