import { isReportExportFormat, isReportType, REPORT_EXPORT_MESSAGES } from '@contracts';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { reportsApi } from '../api/reports-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The 'export ready' notification links to /reports?download={id}&type=…&format=…: download the
 * file with the session's token (the server serves it to its requester only, for 24 hours).
 */
export function useExportDownloadFromLink(): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const id = params.get('download');
    const type = params.get('type') ?? '';
    const format = params.get('format') ?? '';
    if (!id || !UUID.test(id) || !isReportType(type) || !isReportExportFormat(format)) return;
    navigate('/reports', { replace: true });
    reportsApi.download(type, format, id).catch(() => window.alert(REPORT_EXPORT_MESSAGES.failed(format)));
  }, [search, navigate]);
}
