import type { DocumentFormat, TemplateOrganization } from '@contracts';

/**
 * Whether the PDF carries the letterhead, as the worker decides: html and hybrid documents are
 * Chromium's render with the letterhead when the organisation has a name, a logo or a contact;
 * a docx document's PDF is the filled Word file itself (its own header).
 */
export function printsLetterhead(format: DocumentFormat, organization: TemplateOrganization): boolean {
  if (format === 'docx') return false;
  const { name, logo, address, phone, email, website } = organization;
  return Boolean(logo) || [name, address, phone, email, website].some((field) => field.trim() !== '');
}
