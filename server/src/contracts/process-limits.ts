/**
 * Length limits of a process's texts, apart from contracts/processes.ts so that the pt-BR messages
 * (validation-messages.ts) can name them while processes.ts's schemas use those messages.
 */

/** Longest process title (subject). */
export const PROCESS_SUBJECT_MAX_LENGTH = 300;
/** Longest description, comment, response or final note. */
export const PROCESS_TEXT_MAX_LENGTH = 20_000;
