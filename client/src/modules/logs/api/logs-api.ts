import type { AuditExportQueued, AuditLogListResponse, AuditLogView, AuditStatsResponse } from '@contracts';
import { downloadFile, http, type Query } from '@/lib/http';

/** docs/audit.md#logs-screen Logs (admin only). */
export const logsApi = {
  list: (query: Query, signal?: AbortSignal) => http.get<AuditLogListResponse>('/logs', { query, signal }),
  detail: (id: string, signal?: AbortSignal) => http.get<AuditLogView>(`/logs/detail/${id}`, { signal }),
  stats: (query: Query, signal?: AbortSignal) => http.get<AuditStatsResponse>('/logs/stats', { query, signal }),
  /** Queues the CSV in the worker (202); progress and the link arrive on the socket. */
  startExport: (query: Query) => http.get<AuditExportQueued>('/logs/export', { query }),
  download: (downloadPath: string) => downloadFile(downloadPath, 'logs-auditoria.csv'),
};
