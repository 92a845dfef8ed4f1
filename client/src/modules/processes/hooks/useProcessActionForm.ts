import type { ProcessMutationResponse, ProcessView } from '@contracts';
import { useActionForm, type ActionFormOptions } from '@/ui/useActionForm';
import { useProcessAction, type ActionTexts } from './useProcessAction';

export interface ProcessActionFormOptions<T> {
  texts: ActionTexts;
  /** The first problem with the values (and its field), or null. */
  validate: ActionFormOptions<T>['validate'];
  send: (values: T) => Promise<ProcessMutationResponse>;
  onDone: (process: ProcessView) => void;
  onClose: () => void;
}

/** The form of one process action (forward, respond, finalize, attach) in an ActionModal. */
export function useProcessActionForm<T extends object>(
  initial: T,
  { texts, validate, send, onDone, onClose }: ProcessActionFormOptions<T>,
) {
  const action = useProcessAction(texts, onDone);
  return useActionForm(initial, action, { validate, submit: (values) => action.run(() => send(values)), onClose });
}
