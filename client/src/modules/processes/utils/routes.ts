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
