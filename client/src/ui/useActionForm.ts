import { useState } from 'react';
import type { ActionFrameProps } from './ActionModal';
import { messageFor, stillFails, type FieldProblem } from './field-problem';
import { useFormFields } from './useFormFields';

/** Progress of the action behind a form: its pending flag and the message the frame shows. */
export interface ActionState {
  pending: boolean;
  error: string | null;
  setError: (message: string | null) => void;
}

export interface ActionFormOptions<T> {
  /** The first problem with the values (shown next to its field, nothing is sent), or null. */
  validate: (values: T) => FieldProblem<Extract<keyof T, string>> | null;
  /** Sends the values; resolves true when it worked (the form then resets and closes). */
  submit: (values: T) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Form state of an ActionModal: the values (`set(field)` is a field's onChange), validation before
 * sending (the message goes next to the field: `fieldError(field)`, cleared once the field is fixed),
 * reset on close and after success, and `frame`, the props ActionModal needs.
 */
export function useActionForm<T extends object>(
  initial: T,
  action: ActionState,
  { validate, submit, onClose }: ActionFormOptions<T>,
) {
  const { values, setValues } = useFormFields(initial);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const set =
    <K extends keyof T>(field: K) =>
    (value: T[K]) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (problem && !stillFails(problem, validate(next))) setProblem(null);
    };
  const close = () => {
    setValues(initial);
    setProblem(null);
    action.setError(null);
    onClose();
  };
  const send = async () => {
    const invalid = validate(values);
    setProblem(invalid);
    if (invalid) return action.setError(null);
    if (await submit(values)) close();
  };
  const frame: ActionFrameProps = {
    onClose: close,
    onSubmit: () => void send(),
    pending: action.pending,
    error: action.error,
    onDismissError: () => action.setError(null),
    problem,
  };
  return { values, set, frame, fieldError: (field: Extract<keyof T, string>) => messageFor(problem, field) };
}
