import type { ExportFailedPayload, ExportProgressPayload, ExportReadyPayload } from '@contracts';
import { useRef, useState } from 'react';
import type { Query } from '@/lib/http';
import { errorMessage } from '@/lib/http';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { logsApi } from '../api/logs-api';

export const EXPORT_FAILED = 'Falha ao exportar logs. Por favor, tente novamente.';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; exportId: string | null; processed: number; total: number }
  | { phase: 'error'; message: string };

type ExportEvent =
  | { kind: 'progress'; payload: ExportProgressPayload }
  | { kind: 'ready'; payload: ExportReadyPayload }
  | { kind: 'failed'; payload: ExportFailedPayload };

/**
 * 'Exportar CSV': queues the export (202), follows `export:progress` on the socket and downloads
 * the file on `export:ready`. Events that arrive before the 202 (a fast export) are kept and
 * replayed once the export id is known.
 */
export function useLogExport() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const current = useRef<string | null>(null);
  const early = useRef(new Map<string, ExportEvent[]>());

  const apply = (event: ExportEvent) => {
    if (event.kind === 'progress') {
      const { processed, total } = event.payload;
      setState({ phase: 'running', exportId: event.payload.exportId, processed, total });
    } else if (event.kind === 'failed') {
      current.current = null;
      setState({ phase: 'error', message: event.payload.message || EXPORT_FAILED });
    } else {
      current.current = null;
      const { rows, downloadPath } = event.payload;
      setState({ phase: 'running', exportId: event.payload.exportId, processed: rows, total: rows });
      logsApi
        .download(downloadPath)
        // The 'Exportação concluída' notification toasts once; the page adds no second toast.
        .then(() => setState({ phase: 'idle' }))
        .catch((error: unknown) => setState({ phase: 'error', message: errorMessage(error, EXPORT_FAILED) }));
    }
  };
  const receive = (event: ExportEvent) => {
    if (event.payload.exportId === current.current) apply(event);
    else early.current.set(event.payload.exportId, [...(early.current.get(event.payload.exportId) ?? []), event]);
  };
  useSocketEvent('export:progress', (payload) => receive({ kind: 'progress', payload }));
  useSocketEvent('export:ready', (payload) => receive({ kind: 'ready', payload }));
  useSocketEvent('export:failed', (payload) => receive({ kind: 'failed', payload }));

  async function start(query: Query) {
    setState({ phase: 'running', exportId: null, processed: 0, total: 0 });
    try {
      const { exportId } = await logsApi.startExport(query);
      current.current = exportId;
      const waiting = early.current.get(exportId) ?? [];
      early.current.clear();
      for (const event of waiting) apply(event);
    } catch (error) {
      setState({ phase: 'error', message: errorMessage(error, EXPORT_FAILED) });
    }
  }

  return { state, start, dismissError: () => setState({ phase: 'idle' }) };
}
