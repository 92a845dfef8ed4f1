import type { ProcessMutationResponse, ProcessView } from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { toast } from '@/ui/toast';

export interface ActionTexts {
  success: string;
  failure: string;
}

/**
 * Runs one process action: the modal shows `error` (validation or the server's message), a toast
 * reports success (docs/processes.md#messages text) or failure, and the updated process replaces the shown one.
 */
export function useProcessAction(texts: ActionTexts, onDone: (process: ProcessView) => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<ProcessMutationResponse>): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const reply = await call();
      toast.success(texts.success);
      onDone(reply.process);
      return true;
    } catch (failure) {
      const message = errorMessage(failure, texts.failure);
      setError(message);
      toast.error(message);
      return false;
    } finally {
      setPending(false);
    }
  };

  return { pending, error, setError, run };
}
