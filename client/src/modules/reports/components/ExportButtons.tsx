import {
  localIsoDate,
  REPORT_EXPORT_MESSAGES,
  reportExportFileName,
  type ReportExportFormat,
  type ExportProgressPayload,
  type ReportFilters,
  type ReportType,
} from '@contracts';
import { useState } from 'react';
import { downloadFile } from '@/lib/http';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { Button } from '@/ui/Button';
import { newExportId } from '../utils/export-id';

const LABELS: Record<ReportExportFormat, string> = { pdf: 'Exportar PDF', xlsx: 'Exportar Excel' };

interface RunningExport {
  id: string;
  format: ReportExportFormat;
  progress: number;
}

/**
 * Export PDF, Export Excel (files rendered by the server's worker, with a progress bar fed by
 * `export:progress`) and Print (spec 2 §2.1).
 */
export function ExportButtons({ type, filters }: { type: ReportType; filters: ReportFilters }) {
  const [running, setRunning] = useState<RunningExport | null>(null);
  useSocketEvent('export:progress', (payload: ExportProgressPayload) => {
    const percent = Math.round((payload.processed / Math.max(1, payload.total)) * 100);
    setRunning((current) =>
      current && current.id === payload.exportId
        ? { ...current, progress: Math.max(current.progress, percent) }
        : current,
    );
  });

  const exportAs = async (format: ReportExportFormat) => {
    const id = newExportId();
    setRunning({ id, format, progress: 0 });
    try {
      await downloadFile(
        `/reports/${type}/export/${format}`,
        reportExportFileName(type, localIsoDate(new Date()), format),
        {
          query: { ...filters, exportId: id },
        },
      );
    } catch {
      window.alert(REPORT_EXPORT_MESSAGES.failed(format));
    } finally {
      setRunning(null);
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
    </div>
  );
}
