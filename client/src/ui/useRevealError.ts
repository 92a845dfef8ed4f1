import { useEffect, useRef } from 'react';
import { revealFirstError } from './field-problem';

/**
 * Ref for the element around a form's fields: whenever `failure` changes to something (a field
 * problem, a message), its first invalid field (or error banner) is scrolled into view and focused.
 */
export function useRevealError<E extends HTMLElement>(failure: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!failure) return;
    const frame = requestAnimationFrame(() => revealFirstError(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [failure]);
  return ref;
}
