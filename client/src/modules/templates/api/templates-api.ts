import type { LogosResponse, TemplateRequest, TemplateView, UploadResponse, UploadType } from '@contracts';
import { http } from '@/lib/http';

const templatePath = (id: string) => `/templates/${encodeURIComponent(id)}`;

/** docs/templates.md#api Templates and uploads. */
export const templatesApi = {
  list: (signal?: AbortSignal) => http.get<TemplateView[]>('/templates', { signal }),
  create: (body: TemplateRequest) => http.post<TemplateView>('/templates', body),
  update: (id: string, body: TemplateRequest) => http.put<TemplateView>(templatePath(id), body),
  remove: (id: string) => http.delete<{ message: string }>(templatePath(id)),
  /** Multipart `file` and `type`: a DOCX base, an organisation logo or an image for the content. */
  upload: (file: File, type: UploadType) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    return http.post<UploadResponse>('/uploads', form, { timeoutMs: 90_000 });
  },
  logos: (signal?: AbortSignal) => http.get<LogosResponse>('/uploads/logos', { signal }),
  /** Browser-openable link of an uploaded file (`{api}/uploads/{file}?token=`): logos and images. */
  fileUrl: (fileName: string) => http.fileUrl(`/uploads/${encodeURIComponent(fileName)}`),
};
