import { useEffect, useState } from 'react';

/** `value`, once it stopped changing for `delayMs` (searches wait 300 ms, docs/interface.md#limits). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
