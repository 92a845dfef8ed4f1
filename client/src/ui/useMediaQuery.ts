import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** docs/interface.md#limits breakpoints. */
export const MOBILE_QUERY = '(max-width: 768px)';
export const NARROW_QUERY = '(max-width: 576px)';
