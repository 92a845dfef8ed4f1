/**
 * Failures of worker jobs that the person waiting reads as they are, instead of the request's
 * generic "tente novamente": a missing program on the server, which no retry can fix.
 */
export const LIBREOFFICE_MISSING =
  'O LibreOffice não está instalado no servidor, e os templates DOCX precisam dele para gerar o PDF. ' +
  'Peça ao administrador do sistema que o instale (pacote libreoffice-writer-nogui).';

const SHOWN_AS_IS = new Set([LIBREOFFICE_MISSING]);

/** The message of a failed job (BullMQ rejects with its failedReason) when it is one shown as is. */
export function failureShownAsIs(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  return message && SHOWN_AS_IS.has(message) ? message : undefined;
}
