import '../templates.css';
import type { TemplateFormatting, TemplateOrganization } from '@contracts';
import { useMemo } from 'react';
import { templatesApi } from '../api/templates-api';
import { pageGeometry } from '../utils/page-preview';
import { rewriteUploadedImages } from '../utils/upload-src';
import { OrganizationHeader } from './OrganizationHeader';

export interface PagePreviewProps {
  /** HTML from the editor (TipTap's own serialisation of its schema). */
  content: string;
  formatting: TemplateFormatting;
  organization: TemplateOrganization;
  /** The organisational header prints (docx and hybrid templates with a name). */
  showHeader: boolean;
}

/** The first page as it will print: the sheet's proportions, its margins, the header and the content. */
export function PagePreview({ content, formatting, organization, showHeader }: PagePreviewProps) {
  const geometry = pageGeometry(formatting);
  const html = useMemo(() => rewriteUploadedImages(content, templatesApi.fileUrl), [content]);
  return (
    <div className="page-preview" data-testid="page-preview">
      <section
        className="page-preview__sheet"
        style={{ aspectRatio: geometry.aspectRatio, padding: geometry.padding, fontSize: geometry.fontSize }}
        aria-label={`Pré-visualização da página (${formatting.pageSize})`}
      >
        {showHeader && <OrganizationHeader organization={organization} />}
        <div
          className="page-preview__content"
          style={{ fontFamily: organization.fonts.body }}
          // HTML serialised by the editor from its schema: no script or handler can be part of it.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </section>
    </div>
  );
}
