import type {
  CreateProcessRequest,
  DeadlineRequest,
  ExtendDeadlineRequest,
  SuspendDeadlineRequest,
  FinalizeProcessRequest,
  ForwardProcessRequest,
  ProcessDocumentContext,
  ProcessListQuery,
  ProcessListResponse,
  ProcessMutationResponse,
  ProcessStatsResponse,
  ProcessView,
  RequesterSearchResponse,
  ToggleConfidentialRequest,
  UpdateRequesterRequest,
  ToggleConfidentialResponse,
} from '@contracts';
import { http, type Query } from '@/lib/http';

/** A NUP id has a slash: it must travel percent-encoded in the path. */
const processPath = (id: string, suffix = '') => `/processes/${encodeURIComponent(id)}${suffix}`;

/** JSON body, or multipart with the JSON under `field` and the files under `attachments`. */
function withAttachments(field: string, value: unknown, files: readonly File[]): unknown {
  if (files.length === 0) return value;
  const form = new FormData();
  form.append(field, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

export const processesApi = {
  list: (query: ProcessListQuery, signal?: AbortSignal) =>
    http.get<ProcessListResponse>('/processes', { query: query as Query, signal }),
  stats: (signal?: AbortSignal) => http.get<ProcessStatsResponse>('/processes/stats', { signal }),
  get: (id: string, signal?: AbortSignal) => http.get<ProcessView>(processPath(id), { signal }),
  create: (body: CreateProcessRequest, attachments: readonly File[]) =>
    http.post<ProcessMutationResponse>('/processes', withAttachments('data', body, attachments)),
  forward: (id: string, body: ForwardProcessRequest) =>
    http.post<ProcessMutationResponse>(processPath(id, '/forward'), body),
  respond: (id: string, response: string, attachments: readonly File[]) =>
    http.post<ProcessMutationResponse>(
      processPath(id, '/response-simple'),
      attachments.length ? withAttachments('response', response, attachments) : { response },
    ),
  finalize: (id: string, body: FinalizeProcessRequest) =>
    http.post<ProcessMutationResponse>(processPath(id, '/finalize'), body),
  /** docs/deadlines.md#process-deadlines: set (or replace) the process deadline, pause, resume, extend. */
  setDeadline: (id: string, body: DeadlineRequest) =>
    http.post<ProcessMutationResponse>(processPath(id, '/deadline'), body),
  suspend: (id: string, body: SuspendDeadlineRequest) =>
    http.post<ProcessMutationResponse>(processPath(id, '/suspend'), body),
  resume: (id: string) => http.post<ProcessMutationResponse>(processPath(id, '/resume'), {}),
  /** docs/processes.md#receipts-and-tracking: a new access code (the old stops working) and the receipt PDF. */
  reissueAccessCode: (id: string) => http.post<ProcessMutationResponse>(processPath(id, '/access-code'), {}),
  receiptPath: (id: string) => processPath(id, '/receipt'),
  updateRequester: (id: string, body: UpdateRequesterRequest) =>
    http.patch<ProcessMutationResponse>(processPath(id, '/requester'), body),
  extend: (id: string, body: ExtendDeadlineRequest) =>
    http.post<ProcessMutationResponse>(processPath(id, '/extend'), body),
  attach: (id: string, file: File, context: ProcessDocumentContext = 'process') => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('context', context);
    return http.post<ProcessMutationResponse>(processPath(id, '/documents'), form);
  },
  toggleConfidential: (id: string, body: ToggleConfidentialRequest) =>
    http.patch<ToggleConfidentialResponse>(processPath(id, '/toggle-confidential'), body),
  remove: (id: string) => http.delete<{ message: string }>(processPath(id)),
  searchRequesters: (query: string, signal?: AbortSignal) =>
    http.get<RequesterSearchResponse>('/requesters/search', { query: { query }, signal }),
  /** Browser-openable link of an attachment (`{api}/uploads/{file}?token=`). */
  fileUrl: (documentPath: string) => http.fileUrl(documentPath),
};
