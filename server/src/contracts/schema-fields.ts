/**
 * Building blocks of the contracts' zod schemas (README, "Uma forma, um lugar"): each shape is one
 * schema, from which come its type, the server's validation, the OpenAPI document and the client's
 * form checks.
 */
import { z } from 'zod';

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const FIELDS = {
  /** A text, trimmed, of at most `maxLength` characters. */
  trimmed: (maxLength: number, tooLong?: string) => z.string().trim().max(maxLength, tooLong),
  /**
   * An optional field: absent, null or undefined all mean "not given" (class-validator's IsOptional).
   * A schema with no constraint of its own needs a description: zod writes a bare `string | null`
   * as a type list, which Swagger reads as an array (server/src/app/openapi/contract-dtos.spec.ts).
   */
  optional: <S extends z.ZodType>(schema: S) =>
    schema
      .nullish()
      .transform((value) => value ?? undefined)
      .optional(),
  /**
   * An optional text of an edit, trimmed: absent means "unchanged" (undefined), null or empty clears
   * it (null).
   */
  clearable: (maxLength: number, tooLong?: string) =>
    z
      .string()
      .trim()
      .max(maxLength, tooLong)
      .nullish()
      .transform((value) => (value === '' ? null : value)),
  /** Schema parameters answering `message` when the value is missing or of another type. */
  typed: (message: string) => ({
    error: (issue: { code: string }) => (issue.code === 'invalid_type' ? message : undefined),
  }),
  /** Schema parameters answering `message` when the value is missing (absent or null). */
  missing: (message: string) => ({
    error: (issue: { code: string; input?: unknown }) =>
      issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null) ? message : undefined,
  }),
  /**
   * A query-string number, read as `Number(text)` (class-transformer's `@Type(() => Number)`) and
   * checked by `schema`; a repeated parameter (a list) stays a list, and absent is left to the
   * schema's default.
   */
  queryNumber: <S extends z.ZodType>(schema: S) =>
    z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), schema),
  /** A query-string boolean: "true" or "false"; anything else answers `message`. */
  queryBoolean: (message: string) => FIELDS.textFlag(z.boolean(FIELDS.typed(message)).optional()),
  /** Replies: an identifier, a text, an instant, a count. */
  uuid: z.guid(),
  text: z.string(),
  dateTime: z.iso.datetime({ offset: true }),
  count: z.int().min(0),
  positive: z.int().min(1),
  /** A multipart text field holding JSON (a list): parsed; text that is no JSON is left for `schema` to refuse. */
  multipartJson: <S extends z.ZodType>(schema: S) => z.preprocess(parseJsonText, schema),
  /**
   * A flag sent as text (a query value, a multipart field): "true" or "false"; anything else is left
   * for `schema` to refuse.
   */
  textFlag: <S extends z.ZodType>(schema: S) =>
    z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), schema),
  /** A query value: its first occurrence (a repeated parameter comes as a list), trimmed; blank is none. */
  firstQueryText: (value: unknown): string | undefined => {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
  },
};

/**
 * Identity fields the spec's clients send along with an action (docs/processes.md#api,
 * docs/documents.md#api). They are accepted so those payloads validate, and ignored: the actor is
 * always the session's user.
 */
export const IGNORED_ACTOR_FIELDS = {
  userId: FIELDS.optional(z.string().max(200)),
  userName: FIELDS.optional(z.string().max(200)),
  createdBy: FIELDS.optional(z.string().max(200)),
  uploadedBy: FIELDS.optional(z.string().max(200)),
};
