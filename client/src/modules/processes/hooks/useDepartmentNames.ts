import { useEffect, useState } from 'react';
import { fetchDepartmentNames } from '../api/lookup-api';

/** Department names for the selects (never fails: falls back to the fixed list). */
export function useDepartmentNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    void fetchDepartmentNames().then((list) => active && setNames(list));
    return () => {
      active = false;
    };
  }, []);
  return names;
}
