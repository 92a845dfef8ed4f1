import {
  parseContract,
  TEMPLATE_DEFAULT_FORMATTING,
  TEMPLATE_DEFAULT_ORGANIZATION,
  TEMPLATE_MESSAGES,
  templateRequestSchema,
  type DocumentFormat,
  type TemplateCategory,
  type TemplateFormatting,
  type TemplateOrganization,
  type TemplateRequest,
  type TemplateType,
  type TemplateView,
} from '@contracts';
import { isBlankHtml } from './html-text';

/** The server's own messages (contracts), so the form and the API say the same thing. */
export const TEMPLATE_FORM_MESSAGES = {
  titleRequired: TEMPLATE_MESSAGES.titleRequired,
  titleTooLong: TEMPLATE_MESSAGES.titleTooLong,
  contentRequired: TEMPLATE_MESSAGES.contentRequired,
  marginInvalid: TEMPLATE_MESSAGES.measureInvalid,
} as const;

export interface TemplateFormValues {
  title: string;
  content: string;
  type: TemplateType;
  category: TemplateCategory;
  isPublic: boolean;
  documentFormat: DocumentFormat;
  /** Stored file name of the DOCX base. */
  baseDocument: string | null;
  organization: TemplateOrganization;
  formatting: TemplateFormatting;
}

export type TemplateFormErrors = Partial<Record<'title' | 'content' | 'margins', string>>;

/** docx and hybrid reveal the DOCX base and the organisation sections (docs/templates.md#manager). */
export const usesDocx = (format: DocumentFormat) => format !== 'html';

/** A new template: docs/templates.md#defaults defaults. */
export function emptyTemplateForm(): TemplateFormValues {
  return {
    title: '',
    content: '',
    type: 'document',
    category: 'general',
    isPublic: false,
    documentFormat: 'html',
    baseDocument: null,
    organization: structuredClone(TEMPLATE_DEFAULT_ORGANIZATION),
    formatting: structuredClone(TEMPLATE_DEFAULT_FORMATTING),
  };
}

export function templateFormFrom(template: TemplateView): TemplateFormValues {
  return {
    title: template.title,
    content: template.content,
    type: template.type,
    category: template.category,
    isPublic: template.isPublic,
    documentFormat: template.documentFormat,
    baseDocument: template.baseDocument,
    organization: structuredClone(template.organization),
    formatting: structuredClone(template.formatting),
  };
}

/** The message of the contract's check of one field of the request, if it fails. */
const problem = (schema: Parameters<typeof parseContract>[0], value: unknown) => {
  const result = parseContract(schema, value);
  return result.ok ? undefined : result.message;
};

/**
 * docs/templates.md#validation: title and content are required; margins are 0 or more (and leave room for text).
 * Title and margins by the server's own rules (templateRequestSchema); content must also show some text.
 */
export function templateFormErrors(values: TemplateFormValues): TemplateFormErrors {
  const { shape } = templateRequestSchema;
  return {
    title: problem(shape.title, values.title),
    content: isBlankHtml(values.content) ? TEMPLATE_FORM_MESSAGES.contentRequired : undefined,
    margins: problem(shape.formatting, { margins: values.formatting.margins }),
  };
}

export const hasErrors = (errors: TemplateFormErrors) => Object.values(errors).some(Boolean);

/** The payload of docs/templates.md#api. An html template keeps no DOCX base (its section is hidden). */
export function templateRequest(values: TemplateFormValues): TemplateRequest {
  return {
    title: values.title.trim(),
    content: values.content,
    type: values.type,
    category: values.category,
    isPublic: values.isPublic,
    documentFormat: values.documentFormat,
    baseDocument: usesDocx(values.documentFormat) ? values.baseDocument : null,
    organization: values.organization,
    formatting: values.formatting,
  };
}
