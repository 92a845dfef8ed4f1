import { useState } from 'react';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast';
import { PagePreview, type PagePreviewProps } from './PagePreview';
import { RichTextEditor } from './RichTextEditor';

export interface ContentWithPreviewProps extends Omit<PagePreviewProps, 'content'> {
  label: string;
  /** The editor's starting HTML (later changes arrive through onChange). */
  initialContent: string;
  /** The HTML the preview draws: the editor's latest content. */
  content: string;
  onChange: (html: string) => void;
  errorMessage?: string;
  /** Whether the live preview starts expanded. */
  previewShown: boolean;
}

/** The rich-text editor of a template or of a document made from one, with its expandable live preview. */
export function ContentWithPreview({
  label,
  initialContent,
  content,
  onChange,
  errorMessage,
  previewShown,
  ...page
}: ContentWithPreviewProps) {
  const [showPreview, setShowPreview] = useState(previewShown);
  return (
    <>
      <RichTextEditor
        label={label}
        initialContent={initialContent}
        onChange={onChange}
        errorMessage={errorMessage}
        onUploadError={(message) => toast.error(message)}
      />
      <div className="template-form__preview-toggle">
        <Button variant="ghost" size="sm" aria-expanded={showPreview} onPress={() => setShowPreview((shown) => !shown)}>
          {showPreview ? 'Ocultar pré-visualização' : 'Mostrar pré-visualização'}
        </Button>
      </div>
      {showPreview && <PagePreview content={content} {...page} />}
    </>
  );
}
