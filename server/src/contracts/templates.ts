/**
 * Templates and uploads (docs/templates.md#fields, docs/templates.md#api, docs/templates.md#defaults; docs/documents.md#fields
 * templates as offered to documents).
 *
 * - GET    /templates                 -> TemplateView[] (the templates offered to the caller)
 * - POST   /templates                 TemplateRequest -> TemplateView
 * - PUT    /templates/:id             TemplateRequest -> TemplateView (creator or admin)
 * - DELETE /templates/:id             -> { message } (creator or admin)
 * - POST   /uploads                   multipart `file`, `type` (UploadType) -> UploadResponse
 * - GET    /uploads/logos             -> LogosResponse (organisation logos uploaded earlier)
 * - POST   /documents { ...CreateDocumentRequest, templateId, content: HTML } creates a document from
 *   a template: placeholders filled, HTML sanitised, PDF rendered by the worker.
 *
 * Who sees what (the spec is silent; README, Decisions › Templates): anyone may create; the creator
 * and admins edit and delete; a public template is offered to every department, otherwise only to
 * the creator's department (admins see all).
 */
import { z } from 'zod';
import { FIELDS } from './schema-fields';

const { text } = FIELDS;

export const TEMPLATE_TYPES = ['document', 'header', 'footer', 'section'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = {
  document: 'Documento Completo',
  header: 'Cabeçalho',
  footer: 'Rodapé',
  section: 'Seção',
};

export const TEMPLATE_CATEGORIES = ['general', 'requisition', 'memo', 'contract', 'office', 'report'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  general: 'Geral',
  requisition: 'Requisição',
  memo: 'Memorando',
  contract: 'Contrato',
  office: 'Ofício',
  report: 'Relatório',
};

/** html: Chromium renders the PDF; docx: the filled DOCX base converted by LibreOffice is the PDF;
 * hybrid: the PDF comes from the HTML (with the organisational header) and the filled DOCX base is
 * offered as a download too. */
export const DOCUMENT_FORMATS = ['html', 'docx', 'hybrid'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const PAGE_SIZES = ['A4', 'Letter', 'Legal'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** Page sizes in cm (width × height), for previews and the PDF check. */
export const PAGE_SIZE_CM: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 21, height: 29.7 },
  Letter: { width: 21.59, height: 27.94 },
  Legal: { width: 21.59, height: 35.56 },
};

export interface TemplateColors {
  primary: string;
  secondary: string;
  accent: string;
}
export interface TemplateFonts {
  title: string;
  body: string;
}
export interface TemplateOrganization {
  /** Stored file name of the logo (GET /uploads/{logo}), or null. */
  logo: string | null;
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  colors: TemplateColors;
  fonts: TemplateFonts;
}
export interface TemplateMargins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export interface TemplateFormatting {
  pageSize: PageSize;
  /** Centimetres, step 0.1, minimum 0. */
  margins: TemplateMargins;
  headerHeight: number;
  footerHeight: number;
}

/** docs/templates.md#defaults defaults. */
export const TEMPLATE_DEFAULT_COLORS: TemplateColors = { primary: '#003366', secondary: '#0066cc', accent: '#ff6600' };
export const TEMPLATE_DEFAULT_FONTS: TemplateFonts = { title: 'Times New Roman', body: 'Arial' };
export const TEMPLATE_DEFAULT_FORMATTING: TemplateFormatting = {
  pageSize: 'A4',
  margins: { top: 2.5, bottom: 2.5, left: 3, right: 2 },
  headerHeight: 2,
  footerHeight: 1.5,
};
export const TEMPLATE_DEFAULT_ORGANIZATION: TemplateOrganization = {
  logo: null,
  name: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  colors: TEMPLATE_DEFAULT_COLORS,
  fonts: TEMPLATE_DEFAULT_FONTS,
};
/** Fonts the server image carries (fonts-liberation: metric-compatible Times New Roman and Arial). */
export const TEMPLATE_FONTS = ['Times New Roman', 'Arial', 'Courier New'] as const;

export const TEMPLATE_TITLE_MAX_LENGTH = 200;
/** Stored (sanitised) HTML; images are links to our uploads, never inline data. */
export const TEMPLATE_CONTENT_MAX_LENGTH = 500_000;
/** A margin or header/footer height above this many cm leaves no page to write on. */
export const TEMPLATE_MARGIN_MAX_CM = 10;
/** docs/templates.md#manager: the organisation-name badge on a card is cut to 20 characters. */
export const TEMPLATE_ORGANIZATION_BADGE_LENGTH = 20;

/**
 * Placeholders filled when a document is created from a template (`{{data}}` etc.), with what
 * they become: data = creation day (dd/mm/aaaa, server TIME_ZONE), numero = the document's protocol
 * number, departamento = the creator's department, usuario = the creator's name, titulo = the
 * document's title. Unknown `{{…}}` stay as written.
 */
export const TEMPLATE_PLACEHOLDERS = ['data', 'numero', 'departamento', 'usuario', 'titulo'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<TemplatePlaceholder, string>;

export interface TemplateView {
  _id: string;
  id: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  type: TemplateType;
  category: TemplateCategory;
  isPublic: boolean;
  documentFormat: DocumentFormat;
  /** Stored file name of the DOCX base (GET /uploads/{baseDocument}), or null. */
  baseDocument: string | null;
  organization: TemplateOrganization;
  formatting: TemplateFormatting;
  /** The creator ('User' is shown when null: the account was removed). */
  createdBy: { id: string; name: string } | null;
  /** The creator's department when the template was made: who it is offered to unless public. */
  department: string;
  /** Whether the caller may edit and delete it (creator or admin). */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Body of POST /templates and PUT /templates/:id; omitted parts take the defaults (docs/templates.md#defaults). */
export interface TemplateRequest {
  title: string;
  content: string;
  type?: TemplateType;
  category?: TemplateCategory;
  isPublic?: boolean;
  documentFormat?: DocumentFormat;
  baseDocument?: string | null;
  organization?: Partial<Omit<TemplateOrganization, 'colors' | 'fonts'>> & {
    colors?: Partial<TemplateColors>;
    fonts?: Partial<TemplateFonts>;
  };
  formatting?: Partial<Omit<TemplateFormatting, 'margins'>> & { margins?: Partial<TemplateMargins> };
}

/** docs/templates.md#validation "Template form" and the uploads of the template editor (docs/templates.md#api). */
export const TEMPLATE_MESSAGES = {
  titleRequired: 'O título do template é obrigatório.',
  titleTooLong: `O título do template deve ter no máximo ${TEMPLATE_TITLE_MAX_LENGTH} caracteres.`,
  contentRequired: 'O conteúdo do template é obrigatório.',
  contentTooLong: 'O conteúdo do template é grande demais.',
  typeInvalid: 'Tipo de template inválido: use document, header, footer ou section.',
  categoryInvalid: 'Categoria inválida: use general, requisition, memo, contract, office ou report.',
  formatInvalid: 'Formato de documento inválido: use html, docx ou hybrid.',
  pageSizeInvalid: 'Tamanho de página inválido: use A4, Letter ou Legal.',
  measureInvalid: `Margens e alturas devem ser números entre 0 e ${TEMPLATE_MARGIN_MAX_CM} cm, em passos de 0,1 cm.`,
  colorInvalid: 'As cores devem estar no formato #rrggbb.',
  fontInvalid: `Fonte indisponível: use ${TEMPLATE_FONTS.join(', ')}.`,
  organizationInvalid: 'Os dados da organização são inválidos.',
  formattingInvalid: 'A formatação da página é inválida.',
  emailInvalid: 'Informe um e-mail válido para a organização.',
  baseDocumentNotFound: 'Documento base não encontrado. Envie o arquivo .docx novamente.',
  logoNotFound: 'Logo não encontrado. Envie a imagem novamente.',
  uploadTypeInvalid: 'Tipo de envio inválido: use template-base, organization-logo ou template-image.',
  fileRequired: 'Por favor, selecione um arquivo para enviar.',
  docxOnly: 'O documento base deve ser um arquivo .docx válido.',
  docxRefused: (reason: string) => `O documento base (DOCX) foi recusado: ${reason}`,
  imageOnly: 'O arquivo selecionado não é uma imagem válida (PNG, JPEG, GIF ou WebP).',
  templateIdInvalid: 'Template não encontrado.',
} as const;

export const UPLOAD_TYPES = ['template-base', 'organization-logo', 'template-image'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Text field of the multipart POST /uploads (the file is in field `file`). */
export const uploadRequestSchema = z.strictObject({ type: z.enum(UPLOAD_TYPES, TEMPLATE_MESSAGES.uploadTypeInvalid) });

/** Reply of POST /uploads: `url` is the path under the API base (/uploads/{filename}). */
export const uploadResponseSchema = z.strictObject({
  url: z.string().min(1),
  filename: z.string().min(1),
  /** The name the file had on the user's computer. */
  name: text,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const logosResponseSchema = z.strictObject({
  logos: z.array(z.strictObject({ url: z.string().min(1), name: text, filename: z.string().min(1) })),
});
export type LogosResponse = z.infer<typeof logosResponseSchema>;

/**
 * What the worker needs to render a document made from a template (jobs `document.render-template`
 * → PDF and `document.fill-docx` → DOCX; both return `{ storedName }` of a stored file of owner kind
 * 'document-render' that the server takes over).
 */
export interface TemplateRenderJob {
  documentId: string;
  title: string;
  /** Sanitised HTML with the placeholders already filled. */
  html: string;
  /** For the DOCX base's own `{{…}}` tags (and `{{conteudo}}`: the content as plain text). */
  values: PlaceholderValues;
  documentFormat: DocumentFormat;
  formatting: TemplateFormatting;
  organization: TemplateOrganization;
  /** Stored file name of the DOCX base, when the template has one. */
  baseDocument: string | null;
}
