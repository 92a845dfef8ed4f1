import type { ProcessDocumentView, ProcessHistoryEntryView } from '@contracts';

/** A file belongs to a history entry made by the same user within this window (docs/processes.md#limits). */
export const HISTORY_ATTACHMENT_WINDOW_MS = 120_000;

const time = (value: string) => new Date(value).getTime();

/**
 * Places each attachment under the history entry it came with: same user, timestamps at most two
 * minutes apart; when several entries qualify, the closest in time wins, so a file shows once.
 * Returns entry `_id` -> its attachments (in upload order); unmatched files are left out.
 */
export function matchHistoryAttachments(
  history: readonly ProcessHistoryEntryView[],
  documents: readonly ProcessDocumentView[],
): Map<string, ProcessDocumentView[]> {
  const matches = new Map<string, ProcessDocumentView[]>();
  const sorted = [...documents].sort((a, b) => time(a.uploadDate) - time(b.uploadDate));
  for (const document of sorted) {
    const uploader = document.uploadedBy?._id;
    const uploadedAt = time(document.uploadDate);
    if (!uploader || Number.isNaN(uploadedAt)) continue;
    let best: { id: string; distance: number } | null = null;
    for (const entry of history) {
      if (entry.user?._id !== uploader) continue;
      const distance = Math.abs(time(entry.date) - uploadedAt);
      if (distance <= HISTORY_ATTACHMENT_WINDOW_MS && (!best || distance < best.distance)) {
        best = { id: entry._id, distance };
      }
    }
    if (best) matches.set(best.id, [...(matches.get(best.id) ?? []), document]);
  }
  return matches;
}
