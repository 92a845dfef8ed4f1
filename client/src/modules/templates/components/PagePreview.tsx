import '../templates.css';
import type { DocumentFormat, TemplateFormatting, TemplateOrganization } from '@contracts';
import { useMemo, type CSSProperties } from 'react';
import { templatesApi } from '../api/templates-api';
import { printsLetterhead } from '../utils/letterhead';
import { pageGeometry, type PreviewBox } from '../utils/page-preview';
import { rewriteUploadedImages } from '../utils/upload-src';
import { OrganizationHeader } from './OrganizationHeader';

export interface PagePreviewProps {
  /** HTML from the editor (TipTap's own serialisation of its schema). */
  content: string;
  formatting: TemplateFormatting;
  organization: TemplateOrganization;
  documentFormat: DocumentFormat;
}

const boxStyle = (box: PreviewBox): CSSProperties => ({ position: 'absolute', ...box });

/**
 * The first page as the worker prints it: the page size's proportions, the margins, the letterhead
 * band, the text in the body font (headings in the title font and primary colour) and the page
 * number band. A docx document's PDF is the filled Word file: only the content is shown.
 */
export function PagePreview({ content, formatting, organization, documentFormat }: PagePreviewProps) {
  const geometry = pageGeometry(formatting);
  const html = useMemo(() => rewriteUploadedImages(content, templatesApi.fileUrl), [content]);
  const docx = documentFormat === 'docx';
  const { colors, fonts } = organization;
  return (
    <div className="page-preview" data-testid="page-preview">
      {docx && (
        <p className="field__description">
          No formato DOCX o PDF é o documento base preenchido; aqui aparece só o conteúdo.
        </p>
      )}
      <section
        className="page-preview__sheet"
        style={{ aspectRatio: geometry.aspectRatio, fontSize: geometry.fontSize }}
        aria-label={`Pré-visualização da página (${formatting.pageSize})`}
      >
        {printsLetterhead(documentFormat, organization) && (
          <div className="page-preview__header" style={boxStyle(geometry.header)}>
            <OrganizationHeader organization={organization} />
          </div>
        )}
        <div
          className="page-preview__content"
          style={
            {
              ...boxStyle(geometry.body),
              fontFamily: fonts.body,
              '--preview-title-font': fonts.title,
              '--preview-title-color': colors.primary,
            } as CSSProperties
          }
          // HTML serialised by the editor from its schema: no script or handler can be part of it.
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {!docx && (
          <div className="page-preview__footer" style={{ ...boxStyle(geometry.footer), fontFamily: fonts.body }}>
            <span className="page-preview__page-number" style={{ borderTopColor: colors.secondary }}>
              Página 1 de 1
            </span>
          </div>
        )}
      </section>
    </div>
  );
}
