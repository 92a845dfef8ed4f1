import { Label, ProgressBar } from 'react-aria-components';
import { formatNumber } from '@/lib/format';

export interface ExportProgressProps {
  processed: number;
  total: number;
}

/** Progress of the CSV export (rows written by the worker out of the rows that match). */
export function ExportProgress({ processed, total }: ExportProgressProps) {
  const known = total > 0;
  return (
    <ProgressBar
      className="log-export"
      value={known ? processed : undefined}
      maxValue={known ? total : undefined}
      isIndeterminate={!known}
      aria-label="Progresso da exportação"
    >
      {({ percentage }) => (
        <>
          <Label className="log-export__label">
            Exportando CSV…{' '}
            {known
              ? `${formatNumber(processed)} de ${formatNumber(total)} registros (${Math.round(percentage ?? 0)}%)`
              : ''}
          </Label>
          <div className="log-export__track">
            <div className="log-export__fill" style={{ width: `${known ? (percentage ?? 0) : 0}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
