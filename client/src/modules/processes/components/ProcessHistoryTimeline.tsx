import type { ProcessView } from '@contracts';
import { useMemo } from 'react';
import { formatDateTime } from '@/lib/format';
import { matchHistoryAttachments } from '../utils/history-attachments';
import { AttachmentLink } from './AttachmentLink';

/** History as a timeline, newest last; each entry lists the files sent with it (2-minute window). */
export function ProcessHistoryTimeline({ process }: { process: ProcessView }) {
  const attachments = useMemo(
    () => matchHistoryAttachments(process.history, process.documents),
    [process.history, process.documents],
  );
  if (process.history.length === 0) return <p className="muted">Nenhum registro no histórico.</p>;
  return (
    <ol className="timeline" aria-label="Histórico do processo">
      {process.history.map((entry) => (
        <li key={entry._id} className="timeline__entry">
          <div className="timeline__head">
            <strong>{entry.action}</strong>
            <span className="timeline__meta">{formatDateTime(entry.date)}</span>
            {entry.user && <span className="timeline__meta">por {entry.user.name}</span>}
          </div>
          {/* Only a movement between departments has a route; the action says what else happened. */}
          {entry.from && entry.to && entry.from !== entry.to && (
            <div className="timeline__meta">
              {entry.from} → {entry.to}
            </div>
          )}
          {entry.comment && <p className="timeline__comment">{entry.comment}</p>}
          {(attachments.get(entry._id)?.length ?? 0) > 0 && (
            <ul className="timeline__attachments" aria-label="Anexos">
              {attachments.get(entry._id)?.map((document) => (
                <li key={document._id}>
                  <AttachmentLink document={document} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
