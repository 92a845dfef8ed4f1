import type { DocumentsReport } from '@contracts';
import { formatFileSize, formatNumber } from '@/lib/format';
import { Table } from '@/ui/Table';
import { fileTypeLabel, NO_NAME } from '../utils/report-labels';
import { EMPTY_TABLE_TEXT } from './CountTables';
import { ReportSection } from './ReportSection';
import { SummaryCards } from './SummaryCards';

export function DocumentsReportView({ report }: { report: DocumentsReport }) {
  return (
    <>
      <SummaryCards items={[{ label: 'Total de Documentos', value: formatNumber(report.totalDocuments) }]} />
      <div className="report-grid">
        <ReportSection title="Documentos por Tipo">
          <Table
            label="Documentos por tipo"
            columns={[
              { id: 'type', header: 'Tipo', cell: (t) => fileTypeLabel(t.type), isRowHeader: true },
              { id: 'count', header: 'Quantidade', cell: (t) => formatNumber(t.count), align: 'end', width: '9rem' },
            ]}
            rows={report.byType}
            rowKey={(t) => t.type ?? ''}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
        <ReportSection title="Maiores Arquivos">
          <Table
            label="Maiores arquivos"
            columns={[
              { id: 'name', header: 'Nome', cell: (f) => f.name || NO_NAME, isRowHeader: true },
              { id: 'size', header: 'Tamanho', cell: (f) => formatFileSize(f.size), align: 'end', width: '9rem' },
            ]}
            rows={report.largestFiles.map((f, i) => ({ ...f, key: String(i) }))}
            rowKey={(f) => f.key}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
      </div>
    </>
  );
}
