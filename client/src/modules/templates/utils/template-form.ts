import {
  TEMPLATE_DEFAULT_FORMATTING,
  TEMPLATE_DEFAULT_ORGANIZATION,
  TEMPLATE_MARGIN_MAX_CM,
  TEMPLATE_MESSAGES,
  TEMPLATE_TITLE_MAX_LENGTH,
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

/** docs/templates.md#validation: title and content are required; margins are 0 or more (and leave room for text). */
export function templateFormErrors(values: TemplateFormValues): TemplateFormErrors {
  const title = values.title.trim();
  const margins = Object.values(values.formatting.margins);
  return {
    title: !title
      ? TEMPLATE_FORM_MESSAGES.titleRequired
      : title.length > TEMPLATE_TITLE_MAX_LENGTH
        ? TEMPLATE_FORM_MESSAGES.titleTooLong
        : undefined,
    content: isBlankHtml(values.content) ? TEMPLATE_FORM_MESSAGES.contentRequired : undefined,
    margins: margins.every((cm) => Number.isFinite(cm) && cm >= 0 && cm <= TEMPLATE_MARGIN_MAX_CM)
      ? undefined
      : TEMPLATE_FORM_MESSAGES.marginInvalid,
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
