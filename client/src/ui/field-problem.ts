/** A validation failure tied to one field of a form: the message is shown next to that field. */
export interface FieldProblem<F extends string = string> {
  field: F;
  message: string;
}

export const fieldProblem = <F extends string>(field: F, message: string): FieldProblem<F> => ({ field, message });

/** The message of `problem` when it concerns `field` (for a field's errorMessage), else undefined. */
export const messageFor = (problem: FieldProblem | null, field: string): string | undefined =>
  problem?.field === field ? problem.message : undefined;

/**
 * Whether `problem` still stands once the values changed: validation of the new values still fails on
 * the same field. A fixed field clears its message at once; the next problem waits for the next submit.
 */
export const stillFails = (problem: FieldProblem | null, next: FieldProblem | null): boolean =>
  !!problem && next?.field === problem.field;

const INVALID = '[data-invalid], [aria-invalid="true"], .field__error, .error-banner';
const FOCUSABLE =
  'input:not([type="hidden"]):not([type="file"]):not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Scrolls the first invalid field (or the error banner) of `root` into view and focuses it. */
export function revealFirstError(root: HTMLElement | null): void {
  const invalid = root?.querySelector<HTMLElement>(INVALID);
  if (!invalid) return;
  const holder = invalid.closest<HTMLElement>('.field, .user-access-picker, .requester-search');
  // Smooth only when the user accepts motion: an element still gliding takes clicks meant elsewhere.
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  (holder ?? invalid).scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  // A field takes the focus; a server message (the banner, role=alert) is announced where it is.
  holder?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
}
