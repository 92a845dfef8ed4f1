import type { DashboardResponse, DashboardStatusFilter } from '@contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { useSocketEvent } from '../../realtime/hooks/useSocketEvent';
import { dashboardApi } from '../api/dashboard-api';
import { loadErrorText } from '../utils/dashboard-view';

export interface DashboardState {
  data: DashboardResponse | null;
  /** True until the first answer (cards and lists show their spinners). */
  loading: boolean;
  error: string | null;
}

/**
 * The dashboard of the signed-in user. Reloads when the status filter changes, when `reload()` is
 * called and when the server pushes `dashboard:updated` (no page reload; the figures stay on screen
 * meanwhile).
 */
export function useDashboard(enabled: boolean, status: DashboardStatusFilter) {
  const [state, setState] = useState<DashboardState>({ data: null, loading: true, error: null });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const call = ++latest.current;
    dashboardApi
      .get(status, controller.signal)
      .then((data) => {
        if (call === latest.current) setState({ data, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || call !== latest.current) return;
        const message = isHttpError(error) ? error.message : error instanceof Error ? error.message : null;
        setState((current) => ({ ...current, loading: false, error: loadErrorText(message) }));
      });
    return () => controller.abort();
  }, [enabled, status, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useSocketEvent('dashboard:updated', reload);
  return { ...state, reload };
}
