import type { ProcessDocumentView } from '@contracts';
import { truncate } from '@/lib/format';
import { Icon } from '@/ui/Icon';
import { processesApi } from '../api/processes-api';

/** Attachment names longer than this are cut, with an ellipsis (docs/processes.md#limits). */
export const ATTACHMENT_NAME_MAX = 30;

/** Opens the file in a new tab through `{api}/uploads/{file}?token=`. */
export function AttachmentLink({ document }: { document: ProcessDocumentView }) {
  return (
    <a
      href={processesApi.fileUrl(document.path)}
      target="_blank"
      rel="noopener noreferrer"
      title={document.name}
      className="attachment-link"
    >
      <Icon name="paperclip" size={14} /> {truncate(document.name, ATTACHMENT_NAME_MAX)}
    </a>
  );
}
