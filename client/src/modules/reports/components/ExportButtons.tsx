import {
  REPORT_EXPORT_MESSAGES,
  type ExportFailedPayload,
  type ExportReadyPayload,
  type ReportExportFormat,
  type ReportFilters,
  type ReportType,
} from '@contracts';
import { useRef, useState } from 'react';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { Button } from '@/ui/Button';
import { reportsApi } from '../api/reports-api';
import { newExportId } from '../utils/export-id';

const LABELS: Record<ReportExportFormat, string> = { pdf: 'Exportar PDF', xlsx: 'Exportar Excel' };

interface RunningExport {
  id: string;
  format: ReportExportFormat;
  progress: number;
  /** The server answered 202: the file comes with `export:ready` (and a notification). */
  queued: boolean;
}

type Outcome = { kind: 'ready'; payload: ExportReadyPayload } | { kind: 'failed'; payload: ExportFailedPayload };

/**
 * Export PDF, Export Excel (files rendered by the server's worker, with a progress bar fed by
 * `export:progress`) and Print (docs/reports.md#screen). A long export answers 202: the bar stays, the file is
 * downloaded on `export:ready` (a notification with the link also arrives), a failure shows the
 * spec's alert.
 */
export function ExportButtons({ type, filters }: { type: ReportType; filters: ReportFilters }) {
  const [running, setRunning] = useState<RunningExport | null>(null);
  const current = useRef<RunningExport | null>(null);
  // Outcomes that arrive before the 202 reply names the export.
  const early = useRef(new Map<string, Outcome>());

  const update = (next: RunningExport | null) => {
    current.current = next;
    setRunning(next);
  };
  const finish = (outcome: Outcome, format: ReportExportFormat) => {
    update(null);
    if (outcome.kind === 'failed') {
      window.alert(outcome.payload.message || REPORT_EXPORT_MESSAGES.failed(format));
      return;
    }
    reportsApi
      .download(type, format, outcome.payload.exportId)
      .catch(() => window.alert(REPORT_EXPORT_MESSAGES.failed(format)));
  };
  const receive = (outcome: Outcome) => {
    const now = current.current;
    if (now?.queued && now.id === outcome.payload.exportId) finish(outcome, now.format);
    else if (now) early.current.set(outcome.payload.exportId, outcome);
  };

  useSocketEvent('export:progress', (payload) => {
    const now = current.current;
    if (!now || now.id !== payload.exportId) return;
    const percent = Math.round((payload.processed / Math.max(1, payload.total)) * 100);
    update({ ...now, progress: Math.max(now.progress, percent) });
  });
  useSocketEvent('export:ready', (payload) => receive({ kind: 'ready', payload }));
  useSocketEvent('export:failed', (payload) => receive({ kind: 'failed', payload }));

  const exportAs = async (format: ReportExportFormat) => {
    const id = newExportId();
    early.current.clear();
    update({ id, format, progress: 0, queued: false });
    try {
      const queued = await reportsApi.export(type, format, filters, id);
      if (!queued) return update(null);
      // A request joined a running export of the same filters: follow that one.
      const waiting = { id: queued.exportId, format, progress: current.current?.progress ?? 0, queued: true };
      update(waiting);
      const outcome = early.current.get(queued.exportId);
      early.current.clear();
      if (outcome) finish(outcome, format);
    } catch {
      update(null);
      window.alert(REPORT_EXPORT_MESSAGES.failed(format));
    }
  };
  return (
    <div className="report-result__actions">
      {(['pdf', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          isDisabled={running !== null}
          onPress={() => void exportAs(format)}
        >
          {running?.format === format ? 'Exportando...' : LABELS[format]}
        </Button>
      ))}
      <Button variant="secondary" size="sm" onPress={() => window.print()}>
        Imprimir
      </Button>
      {running && (
        <progress
          className="report-export-progress"
          max={100}
          value={running.progress}
          aria-label={`Exportando relatório: ${running.progress}%`}
        />
      )}
      {running?.queued && (
        <p className="report-export-note" role="status">
          {REPORT_EXPORT_MESSAGES.queued}
        </p>
      )}
    </div>
  );
}
