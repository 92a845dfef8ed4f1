import { parseContract } from '@contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ActionFrameProps } from './ActionModal';
import { fieldProblem, type FieldProblem } from './field-problem';

export interface ContractSubmitOptions<S extends z.ZodType> {
  /** The modal's open flag: the problem and the message clear each time it opens. */
  isOpen: boolean;
  /** Sends what the contract accepted; throws to keep the modal open. */
  send: (body: z.output<S>) => Promise<unknown>;
  /** The text a failure of `send` shows inside the modal. */
  failureText: (error: unknown) => string;
}

/**
 * Submit of a modal whose body the server checks with `schema`: the same checks run here first,
 * each message at its field among `fields` (any other in the banner), then `send`. `frame(body)`
 * gives ActionModal its submit, pending, error and problem; `touched(field)` clears a field's message
 * once the user changes it.
 */
export function useContractSubmit<S extends z.ZodType, F extends string>(
  schema: S,
  fields: readonly F[],
  { isOpen, send, failureText }: ContractSubmitOptions<S>,
) {
  const [problem, setProblem] = useState<FieldProblem<F> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setProblem(null);
    setError(null);
  }, [isOpen]);

  async function submit(body: z.input<S>) {
    setError(null);
    const checked = parseContract(schema, body);
    if (!checked.ok) {
      const field = fields.find((f) => f === checked.path[0]);
      return field ? setProblem(fieldProblem(field, checked.message)) : setError(checked.message);
    }
    setSaving(true);
    try {
      await send(checked.data);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSaving(false);
    }
  }

  const touched = (field: F) => setProblem((current) => (current?.field === field ? null : current));
  const frame = (body: () => z.input<S>): Omit<ActionFrameProps, 'onClose'> => ({
    onSubmit: () => void submit(body()),
    pending: saving,
    error,
    onDismissError: () => setError(null),
    problem,
  });
  return { problem, touched, frame };
}
