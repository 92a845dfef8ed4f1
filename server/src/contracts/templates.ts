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
import { FIELD_MESSAGES } from './validation-messages';

const { optional, typed, uuid, text, dateTime } = FIELDS;

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

const templateColorsSchema = z.strictObject({ primary: text, secondary: text, accent: text });
export type TemplateColors = z.infer<typeof templateColorsSchema>;
const templateFontsSchema = z.strictObject({ title: text, body: text });
export type TemplateFonts = z.infer<typeof templateFontsSchema>;
const templateOrganizationSchema = z.strictObject({
  /** Stored file name of the logo (GET /uploads/{logo}), or null. */
  logo: text.nullable(),
  name: text,
  address: text,
  phone: text,
  email: text,
  website: text,
  colors: templateColorsSchema,
  fonts: templateFontsSchema,
});
export type TemplateOrganization = z.infer<typeof templateOrganizationSchema>;
const centimetres = z.number().min(0);
const templateMarginsSchema = z.strictObject({
  top: centimetres,
  bottom: centimetres,
  left: centimetres,
  right: centimetres,
});
export type TemplateMargins = z.infer<typeof templateMarginsSchema>;
const templateFormattingSchema = z.strictObject({
  pageSize: z.enum(PAGE_SIZES),
  /** Centimetres, step 0.1, minimum 0. */
  margins: templateMarginsSchema,
  headerHeight: centimetres,
  footerHeight: centimetres,
});
export type TemplateFormatting = z.infer<typeof templateFormattingSchema>;

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

export const templateViewSchema = z
  .strictObject({
    _id: uuid,
    id: uuid,
    title: text,
    /** Sanitised HTML. */
    content: text,
    type: z.enum(TEMPLATE_TYPES),
    category: z.enum(TEMPLATE_CATEGORIES),
    isPublic: z.boolean(),
    documentFormat: z.enum(DOCUMENT_FORMATS),
    /** Stored file name of the DOCX base (GET /uploads/{baseDocument}), or null. */
    baseDocument: text.nullable(),
    organization: templateOrganizationSchema,
    formatting: templateFormattingSchema,
    /** The creator ('User' is shown when null: the account was removed). */
    createdBy: z.strictObject({ id: uuid, name: text }).nullable(),
    /** The creator's department when the template was made: who it is offered to unless public. */
    department: text,
    /** Whether the caller may edit and delete it (creator or admin). */
    canEdit: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: 'TemplateView' });
export type TemplateView = z.infer<typeof templateViewSchema>;

export const templateListSchema = z.array(templateViewSchema);

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

/** 2.5000000000000004 (a browser's stepper arithmetic) is 2.5; 2.55 stays and is refused. */
const roundTenths = (value: unknown): unknown =>
  typeof value === 'number' && Math.abs(value * 10 - Math.round(value * 10)) < 1e-6
    ? Math.round(value * 10) / 10
    : value;

/** Centimetres, 0 to TEMPLATE_MARGIN_MAX_CM in steps of 0.1. */
const measure = optional(
  z.preprocess(
    roundTenths,
    z
      .number(typed(TEMPLATE_MESSAGES.measureInvalid))
      .max(TEMPLATE_MARGIN_MAX_CM, TEMPLATE_MESSAGES.measureInvalid)
      .min(0, TEMPLATE_MESSAGES.measureInvalid)
      .refine((cm) => Number(cm.toFixed(1)) === cm, TEMPLATE_MESSAGES.measureInvalid),
  ),
);
const color = optional(
  z.string(typed(TEMPLATE_MESSAGES.colorInvalid)).regex(/^#[0-9a-fA-F]{6}$/, TEMPLATE_MESSAGES.colorInvalid),
);
/** One of the fonts the server carries (a text in the request, as the view's fonts are). */
const font = optional(
  z.string(typed(TEMPLATE_MESSAGES.fontInvalid)).pipe(z.enum(TEMPLATE_FONTS, TEMPLATE_MESSAGES.fontInvalid)),
);
/**
 * An optional trimmed text of at most `max` characters ('' clears it); a value that is no text
 * answers the length rule's message, as the route always has.
 */
const optionalText = (field: string, max: number) =>
  optional(
    z
      .string(typed(FIELD_MESSAGES.maxLength(field)))
      .trim()
      .max(max),
  );
/** A stored file name, or null or '' for none. */
const storedName = (field: string) => optional(z.string(typed(FIELD_MESSAGES.maxLength(field))).max(80));
/** A nested part: an object checked field by field, `message` when it is no object. */
const part = <S extends z.core.$ZodLooseShape>(shape: S, message: string) =>
  z.strictObject(shape, typed(message)).optional();

/** POST /templates and PUT /templates/:id (docs/templates.md#api); omitted parts take the defaults (docs/templates.md#defaults). */
export const templateRequestSchema = z.strictObject({
  title: z
    .string(typed(TEMPLATE_MESSAGES.titleRequired))
    .trim()
    .min(1, TEMPLATE_MESSAGES.titleRequired)
    .max(TEMPLATE_TITLE_MAX_LENGTH, TEMPLATE_MESSAGES.titleTooLong),
  /** HTML, sanitised by the service. */
  content: z
    .string(typed(TEMPLATE_MESSAGES.contentRequired))
    .min(1, TEMPLATE_MESSAGES.contentRequired)
    .max(TEMPLATE_CONTENT_MAX_LENGTH, TEMPLATE_MESSAGES.contentTooLong),
  type: optional(z.enum(TEMPLATE_TYPES, TEMPLATE_MESSAGES.typeInvalid)),
  category: optional(z.enum(TEMPLATE_CATEGORIES, TEMPLATE_MESSAGES.categoryInvalid)),
  isPublic: optional(z.boolean()),
  documentFormat: optional(z.enum(DOCUMENT_FORMATS, TEMPLATE_MESSAGES.formatInvalid)),
  /** Stored name of an uploaded DOCX base. */
  baseDocument: storedName('baseDocument'),
  organization: part(
    {
      /** Stored name of an uploaded organisation logo. */
      logo: storedName('organization.logo'),
      name: optionalText('organization.name', 200),
      address: optionalText('organization.address', 300),
      phone: optionalText('organization.phone', 60),
      email: optionalText('organization.email', 200).refine(
        (email) => !email || z.email().safeParse(email).success,
        TEMPLATE_MESSAGES.emailInvalid,
      ),
      website: optionalText('organization.website', 300),
      colors: part({ primary: color, secondary: color, accent: color }, TEMPLATE_MESSAGES.organizationInvalid),
      fonts: part({ title: font, body: font }, TEMPLATE_MESSAGES.organizationInvalid),
    },
    TEMPLATE_MESSAGES.organizationInvalid,
  ),
  formatting: part(
    {
      pageSize: optional(z.enum(PAGE_SIZES, TEMPLATE_MESSAGES.pageSizeInvalid)),
      margins: part(
        { top: measure, bottom: measure, left: measure, right: measure },
        TEMPLATE_MESSAGES.formattingInvalid,
      ),
      headerHeight: measure,
      footerHeight: measure,
    },
    TEMPLATE_MESSAGES.formattingInvalid,
  ),
});
export type TemplateRequest = z.input<typeof templateRequestSchema>;
/** A template request as the server reads it (null and absent parts alike undefined; defaults not yet applied). */
export type TemplateRequestValues = z.output<typeof templateRequestSchema>;

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
