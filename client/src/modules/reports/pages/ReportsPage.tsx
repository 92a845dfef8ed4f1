import '../reports.css';
import { REPORT_MESSAGES, type ReportFilters, type ReportType } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { DeadlinesReportView } from '../components/DeadlinesReportView';
import { DocumentsReportView } from '../components/DocumentsReportView';
import { ExportButtons } from '../components/ExportButtons';
import { ProcessesReportView } from '../components/ProcessesReportView';
import { ReportFilterForm } from '../components/ReportFilterForm';
import { RequestersReportView } from '../components/RequestersReportView';
import { UsersReportView } from '../components/UsersReportView';
import { useExportDownloadFromLink } from '../hooks/useExportDownloadFromLink';
import { type ReportResult, useReportGenerator } from '../hooks/useReportGenerator';
import { REPORT_TYPE_LABELS } from '../utils/report-labels';

function ReportView({ result }: { result: ReportResult }) {
  switch (result.type) {
    case 'processes':
      return <ProcessesReportView report={result.data} />;
    case 'documents':
      return <DocumentsReportView report={result.data} />;
    case 'users':
      return <UsersReportView report={result.data} />;
    case 'requesters':
      return <RequestersReportView report={result.data} />;
    case 'deadlines':
      return <DeadlinesReportView report={result.data} />;
  }
}

/** Filters that belong to a type: the user only for users, the requester only for requesters. */
function filtersFor(type: ReportType, filters: ReportFilters): ReportFilters {
  const { userId, requesterId, ...common } = filters;
  return {
    ...common,
    ...(type === 'users' && userId ? { userId } : {}),
    ...(type === 'requesters' && requesterId ? { requesterId } : {}),
  };
}

/** Relatórios e Indicadores (docs/reports.md#screen): filters on the left, the result on the right. */
export default function ReportsPage() {
  const currentUser = useAtomValue(currentUserAtom);
  const [type, setType] = useState<ReportType>('processes');
  const [filters, setFilters] = useState<ReportFilters>({});
  const report = useReportGenerator();
  useExportDownloadFromLink();
  if (!currentUser) return <Spinner label="Carregando..." />;

  const changeType = (next: ReportType) => {
    setType(next);
    const { userId: _user, requesterId: _requester, ...rest } = filters;
    setFilters(rest);
    report.clear();
  };

  return (
    <div className="reports-page">
      <PageHeader title="Relatórios e Indicadores" />
      <div className="reports-layout">
        <ReportFilterForm
          currentUser={currentUser}
          type={type}
          filters={filters}
          isGenerating={report.isGenerating}
          onTypeChange={changeType}
          onFiltersChange={setFilters}
          onSubmit={() => report.generate(type, filtersFor(type, filters))}
        />
        <section className="reports-results" aria-label="Resultado do relatório" aria-busy={report.isGenerating}>
          {report.error && <ErrorBanner message={report.error} onDismiss={report.dismissError} />}
          {report.result ? (
            <div className="card report-result">
              <header className="report-result__header">
                <h2 className="report-result__title">Relatório de {REPORT_TYPE_LABELS[report.result.type]}</h2>
                <ExportButtons type={report.result.type} filters={report.result.filters} />
              </header>
              <ReportView result={report.result} />
            </div>
          ) : (
            <div className="card reports-empty">
              {report.isGenerating ? <Spinner label="Gerando..." /> : <p>{REPORT_MESSAGES.empty}</p>}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
