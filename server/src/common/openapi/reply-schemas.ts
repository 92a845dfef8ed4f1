import type { StreamableFile } from '@nestjs/common';
import { ApiResponse, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import type * as Auth from '#server/contracts/auth';

/*
 * Reply schemas of the API, written against the contracts (server/src/contracts) with a small
 * typed builder: `Schema<T>` describes values of type T, and T is checked exactly (invariantly),
 * so a schema whose fields, optional fields, nullability or enum values differ from its contract
 * type does not compile. `@Replies(schema)` then checks the controller method returns that type.
 * Shared views become components (`#/components/schemas/…`, added to the document by
 * buildOpenApiDocument); the fuzz and the reply tests validate live replies against them (ajv).
 * The document is OpenAPI 3.0: nullable values carry `nullable: true` (nullable enums list null,
 * a nullable reference is `anyOf [ref, null]`), and known objects forbid additional properties.
 */

declare const VALUE: unique symbol;
/** A schema of the JSON values of type T (T exists only for the compiler, and is invariant). */
export type Schema<T> = (SchemaObject | ReferenceObject) & { readonly [VALUE]: (value: T) => T };

declare const OPTIONAL: unique symbol;
/** A property the object may omit. */
interface Optional<T> {
  readonly [OPTIONAL]: Schema<T>;
}
const OPTIONAL_KEY = Symbol('optional');

const as = <T>(schema: SchemaObject | ReferenceObject) => schema as Schema<T>;
const isOptional = (field: object): field is { [OPTIONAL_KEY]: SchemaObject | ReferenceObject } =>
  OPTIONAL_KEY in field;

const string = (extra: Pick<SchemaObject, 'format' | 'minLength' | 'description'> = {}) =>
  as<string>({ type: 'string', ...extra });
const nonEmpty = string({ minLength: 1 });

const optional = <T>(schema: Schema<T>): Optional<T> => ({ [OPTIONAL_KEY]: schema }) as unknown as Optional<T>;

/** One schema per property of T: optional ones wrapped in `optional`, the others exactly typed. */
type Fields<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? Optional<Exclude<T[K], undefined>> : Schema<T[K]>;
};

/** An object with exactly these properties (no others). */
function object<T>(fields: Fields<T>): Schema<T> {
  const properties: Record<string, SchemaObject | ReferenceObject> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries<object>(fields)) {
    if (isOptional(field)) {
      properties[name] = field[OPTIONAL_KEY];
    } else {
      properties[name] = field;
      required.push(name);
    }
  }
  return as({ type: 'object', properties, required, additionalProperties: false });
}

/** Every named schema, added under components.schemas of the OpenAPI document. */
export const REPLY_COMPONENTS: Record<string, SchemaObject | ReferenceObject> = {};
/** Names of the components that come from the contracts' zod schemas (each may be met again). */
const ZOD_COMPONENTS = new Set<string>();
/** Registers a shared view and answers a reference to it. */
function component<T>(name: string, schema: Schema<T>): Schema<T> {
  if (REPLY_COMPONENTS[name] || ZOD_COMPONENTS.has(name)) throw new Error(`Esquema de resposta repetido: ${name}`);
  REPLY_COMPONENTS[name] = schema;
  return as({ $ref: `#/components/schemas/${name}` });
}

// ─── Shared replies ─────────────────────────────────────────────────────────────────────────────

/** Every error (4xx, 5xx) of every route: HttpExceptionFilter's body, message in pt-BR. */
export const API_ERROR = component(
  'ApiError',
  object<Auth.ApiError>({
    statusCode: as<number>({ type: 'integer', minimum: 400, maximum: 599 }),
    message: nonEmpty,
    error: nonEmpty,
    code: optional(nonEmpty),
  }),
);

const message = component('MessageResponse', object<{ message: string }>({ message: nonEmpty }));

/**
 * Reply schemas of every JSON route, by name. Use with `@Replies(REPLY.name)` (status 200) or
 * `@Replies(REPLY.name, 201)`; the compiler checks the controller method returns the schema's type.
 */
export const REPLY = {
  message,
} as const;

type JsonSchema = SchemaObject & { $ref?: string; definitions?: Record<string, JsonSchema> };

/**
 * zod's OpenAPI 3.0 output as this document writes it: `#/definitions/…` references point into
 * components.schemas, a nullable enum lists null and a nullable reference is `anyOf [ref, null]`
 * (as the builder's `nullable` writes them, and as ajv reads them).
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
    if (REPLY_COMPONENTS[name] && !ZOD_COMPONENTS.has(name)) throw new Error(`Esquema de resposta repetido: ${name}`);
    ZOD_COMPONENTS.add(name);
    REPLY_COMPONENTS[name] = asDocumentSchema(part) as SchemaObject;
  }
  return asDocumentSchema(root) as SchemaObject | ReferenceObject;
}

/** What a controller method may return for a reply of type T (Nest awaits promises). */
type Handler<T> = (...args: never[]) => T | Promise<T>;

/**
 * Declares the JSON reply of a route, from a contract's zod schema or a builder schema (status 200 unless given: 201 for a POST without @HttpCode,
 * 202 for queued work, 503 for the health check's degraded answer). The method must return the schema's type: a reply that drifts from its
 * schema fails to compile.
 */
export const Replies =
  <T>(schema: Schema<T> | z.ZodType<T>, status: 200 | 201 | 202 | 503 = 200) =>
  <M extends Handler<T>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    const openApi = schema instanceof z.ZodType ? zodReplySchema(schema) : schema;
    ApiResponse({ status, description: DESCRIPTIONS[status], schema: openApi })(target, key, descriptor);
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
  <T>(queued: Schema<T> | z.ZodType<T>, ...types: FileType[]) =>
  <M extends Handler<StreamableFile | T>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ) => {
    fileReply(types)(target, key, descriptor);
    const schema = queued instanceof z.ZodType ? zodReplySchema(queued) : queued;
    ApiResponse({ status: 202, description: DESCRIPTIONS[202], schema })(target, key, descriptor);
  };
