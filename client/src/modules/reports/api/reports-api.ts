import {
  localIsoDate,
  reportExportDownloadPath,
  reportExportFileName,
  type ReportExportFormat,
  type ReportExportQueued,
  type ReportFilters,
  type ReportRequesterOption,
  type ReportsByType,
  type ReportType,
} from '@contracts';
import { downloadBlob } from '@/lib/download';
import { downloadFile, http } from '@/lib/http';

const fileName = (type: ReportType, format: ReportExportFormat) =>
  reportExportFileName(type, localIsoDate(new Date()), format);

/** docs/reports.md#api Reports (empty filters are left out of the query). */
export const reportsApi = {
  generate: <T extends ReportType>(type: T, filters: ReportFilters) =>
    http.get<ReportsByType[T]>(`/reports/${type}`, { query: { ...filters } }),
  uniqueRequesters: (signal?: AbortSignal) =>
    http.get<ReportRequesterOption[]>('/reports/unique-requesters', { signal }),
  /**
   * Asks for the file: downloaded at once when the worker finishes within the server's wait (200),
   * else the 202 reply (the file comes later: `export:ready` and a notification).
   */
  export: async (
    type: ReportType,
    format: ReportExportFormat,
    filters: ReportFilters,
    exportId: string,
  ): Promise<ReportExportQueued | null> => {
    const { status, blob, filename } = await http.blob(`/reports/${type}/export/${format}`, {
      query: { ...filters, exportId },
    });
    if (status === 202) return JSON.parse(await blob.text()) as ReportExportQueued;
    downloadBlob(blob, filename ?? fileName(type, format));
    return null;
  },
  /** A finished export (only its requester may download it, for 24 hours). */
  download: (type: ReportType, format: ReportExportFormat, exportId: string) =>
    downloadFile(reportExportDownloadPath(type, format, exportId), fileName(type, format)),
};
