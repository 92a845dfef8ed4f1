import { useState } from 'react';
import { errorMessage } from '@/lib/http';

/**
 * A row deleted after a confirmation dialog: the row asked about, the pending request, and the
 * failure, which closes the dialog and is shown on the page (e.g. "in use") with `failedText` when
 * the server gives no message. `done` runs after a deletion (reload the list).
 */
export function useConfirmedDelete<Row>(
  remove: (row: Row) => Promise<unknown>,
  done: () => Promise<unknown>,
  failedText: string,
) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!deleting) return;
    setPending(true);
    setError(null);
    try {
      await remove(deleting);
      setDeleting(null);
      await done();
    } catch (caught) {
      setDeleting(null);
      setError(errorMessage(caught, failedText));
    } finally {
      setPending(false);
    }
  }

  return {
    deleting,
    ask: setDeleting,
    pending,
    error,
    dismissError: () => setError(null),
    confirm,
    /** The dialog's onOpenChange: closing is refused while the request runs. */
    onOpenChange: (open: boolean) => !open && !pending && setDeleting(null),
  };
}
