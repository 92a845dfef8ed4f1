import { useState } from 'react';

/**
 * State of a form kept as one record: the values, a setter for the whole record (to reset it),
 * and `set(field)`, the `onChange` of one field.
 */
export function useFormFields<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set =
    <K extends keyof T>(field: K) =>
    (value: T[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  return { values, setValues, set };
}
