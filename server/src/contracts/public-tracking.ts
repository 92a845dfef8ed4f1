import { z } from 'zod';
import { DEADLINE_STATES } from './deadlines';
import { PROCESS_STATUSES } from './processes';
import { FIELDS } from './schema-fields';

/*
 * The citizens' tracking of a process (docs/processes.md#receipts-and-tracking): number and access
 * code in, the few public facts out. Every failure is one 404 with PUBLIC_TRACKING_NOT_FOUND.
 */

const { text, dateTime } = FIELDS;

/** The one answer to an unknown number, a wrong code and a confidential process (no oracle). */
export const PUBLIC_TRACKING_NOT_FOUND = 'Processo não encontrado ou código de acesso inválido.';

/** The client route of the tracking page and its query string (the receipt's QR code opens it). */
export const PUBLIC_TRACKING_PATH = '/semgi/consulta';
export const publicTrackingPath = (number: string, code: string) =>
  `${PUBLIC_TRACKING_PATH}?${new URLSearchParams({ numero: number, codigo: code }).toString()}`;
/** The page with the number alone filled in: the requester types the code from their receipt. */
export const publicTrackingNumberPath = (number: string) =>
  `${PUBLIC_TRACKING_PATH}?${new URLSearchParams({ numero: number }).toString()}`;

const field = (label: string) =>
  z
    .string({ error: `Informe o ${label}.` })
    .trim()
    .min(1, `Informe o ${label}.`)
    .max(64, `O ${label} deve ter no máximo 64 caracteres.`);

export const publicTrackingRequestSchema = z.strictObject({
  number: field('número do processo'),
  code: field('código de acesso'),
});
export type PublicTrackingRequest = z.input<typeof publicTrackingRequestSchema>;

export const publicTrackingMovementSchema = z.strictObject({
  date: dateTime,
  from: text.nullable(),
  to: text.nullable(),
});
export type PublicTrackingMovement = z.infer<typeof publicTrackingMovementSchema>;

export const publicTrackingResponseSchema = z
  .strictObject({
    number: text,
    subject: text,
    status: z.enum(PROCESS_STATUSES),
    currentDepartment: text,
    /** Creation and forwards, oldest first: dates and departments only. */
    movements: z.array(publicTrackingMovementSchema),
    /** The deadline the process shows (docs/deadlines.md#which-deadline), due day and state only. */
    deadline: z.strictObject({ due: z.iso.date(), state: z.enum(DEADLINE_STATES) }).nullable(),
  })
  .meta({ id: 'PublicTracking' });
export type PublicTrackingResponse = z.infer<typeof publicTrackingResponseSchema>;
