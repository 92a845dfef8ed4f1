import type { StreamableFile } from '@nestjs/common';
import { ApiResponse, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/*
 * How routes declare their replies in the OpenAPI document (README, "Uma forma, um lugar"): each
 * JSON reply is a contract's zod schema (server/src/contracts), written as OpenAPI 3.0 (nullable
 * values carry `nullable: true`, a nullable enum lists null, a nullable reference is
 * `anyOf [ref, null]`); views named with `.meta({ id })` become components
 * (`#/components/schemas/…`, added to the document by buildOpenApiDocument). `@Replies(schema)`
 * checks the controller method returns the schema's type; the fuzz and the reply tests validate
 * live replies against the document (ajv).
 */

/** Every named schema, added under components.schemas of the OpenAPI document. */
export const REPLY_COMPONENTS: Record<string, SchemaObject | ReferenceObject> = {};

type JsonSchema = SchemaObject & { $ref?: string; definitions?: Record<string, JsonSchema> };

/**
 * zod's OpenAPI 3.0 output as this document writes it: `#/definitions/…` references point into
 * components.schemas, a nullable enum lists null and a nullable reference is `anyOf [ref, null]`
 * (as ajv reads them).
 */
function asDocumentSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asDocumentSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const fixed = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/definitions/', '#/components/schemas/')
        : asDocumentSchema(value),
    ]),
  );
  if (fixed.nullable === true && Array.isArray(fixed.enum) && !fixed.enum.includes(null)) fixed.enum.push(null);
  const { nullable, allOf, ...rest } = fixed;
  if (nullable === true && Array.isArray(allOf) && allOf.length === 1) {
    return { ...rest, anyOf: [allOf[0], { type: 'object', nullable: true, enum: [null] }] };
  }
  return fixed;
}

/**
 * The OpenAPI 3.0 schema of a contract's zod reply schema (README, "Uma forma, um lugar"); the views
 * it names with `.meta({ id })` join REPLY_COMPONENTS, so the document and the tests see them.
 */
export function zodReplySchema(schema: z.ZodType): SchemaObject | ReferenceObject {
  const { definitions = {}, ...root } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as JsonSchema;
  for (const [name, part] of Object.entries(definitions)) {
    REPLY_COMPONENTS[name] = asDocumentSchema(part) as SchemaObject;
  }
  return asDocumentSchema(root) as SchemaObject | ReferenceObject;
}

/** What a controller method may return for a reply of type T (Nest awaits promises). */
type Handler<T> = (...args: never[]) => T | Promise<T>;

/**
 * Declares the JSON reply of a route from a contract's zod schema (status 200 unless given: 201 for
 * a POST without @HttpCode, 202 for queued work, 503 for the health check's degraded answer). The
 * method must return the schema's type: a reply that drifts from its schema fails to compile.
 */
export const Replies =
  <T>(schema: z.ZodType<T>, status: 200 | 201 | 202 | 503 = 200) =>
  <M extends Handler<T>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    ApiResponse({ status, description: DESCRIPTIONS[status], schema: zodReplySchema(schema) })(target, key, descriptor);
  };

const DESCRIPTIONS = {
  200: 'Sucesso.',
  201: 'Criado.',
  202: 'Aceito: o trabalho segue no worker.',
  503: 'Indisponível: uma dependência não respondeu.',
} as const;

/** Media types of the files routes send (the browser opens or downloads them; not JSON). */
export const FILE_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  /** A stored file, sent with its own type (PDF, image, text, office documents…). */
  any: 'application/octet-stream',
} as const;

type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

const fileReply = (types: FileType[]) =>
  ApiResponse({
    status: 200,
    description: 'Arquivo.',
    content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  });

/** Declares a file reply (200) of these media types; the method must return a StreamableFile. */
export const Downloads =
  (...types: FileType[]) =>
  <M extends Handler<StreamableFile>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    fileReply(types)(target, key, descriptor);
  };

/**
 * A file (200) when the worker finishes within the wait, else 202 with `queued` (the file follows
 * by notification); the method returns one or the other.
 */
export const DownloadsOrQueued =
  <T>(queued: z.ZodType<T>, ...types: FileType[]) =>
  <M extends Handler<StreamableFile | T>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ) => {
    fileReply(types)(target, key, descriptor);
    ApiResponse({ status: 202, description: DESCRIPTIONS[202], schema: zodReplySchema(queued) })(
      target,
      key,
      descriptor,
    );
  };
