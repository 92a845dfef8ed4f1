/** The client's base path ('/semgi'; docs/interface.md#routes: links like /semgi/process-details/{id}). */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Absolute browser path of a client route, e.g. appPath('/login') -> '/semgi/login'. */
export function appPath(route: string): string {
  return `${BASE_PATH}${route}`;
}
