import fc from 'fast-check';

/** The subset of JSON Schema the generated OpenAPI document uses. */
export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  $ref?: string;
}

export type Resolve = (schema: Schema) => Schema;

/**
 * Values that exist in the database for properties of these names (departments, user ids…):
 * without them nearly every valid body would stop at "not found" before reaching the handler.
 */
export type KnownValues = Record<string, fc.Arbitrary<unknown>>;
let known: KnownValues = {};
export const useKnownValues = (values: KnownValues) => {
  known = values;
};

/** Text that breaks naive code: NUL, lone surrogates, RTL and combining marks, SQL and path bits. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202e\u0301\u200b',
    "'; DROP TABLE users; --",
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '1e21',
    '-1',
    '9'.repeat(40),
    'NaN',
    'null',
    '🏛️'.repeat(50),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** A string far over any limit (the body limits answer 413 for the largest). */
const hugeString = fc.constantFrom(10_000, 300_000).map((n) => 'ç'.repeat(n));

const validString = (schema: Schema): fc.Arbitrary<string> => {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
};

/** A value the schema accepts (types, enums, lengths, ranges, required properties). */
export function validValue(raw: Schema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, resolve, depth + 1) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return depth > 4 ? fc.constant({}) : validObject(schema, resolve, depth);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

function validObject(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const arbitraries = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const generic = validValue(property, resolve, depth + 1);
      const hint = known[name];
      return [name, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: generic }) : generic];
    }),
  );
  return fc.record(arbitraries, { requiredKeys: [...required].filter((name) => name in arbitraries) });
}

/** A value just outside (or exactly at) the schema's limits. */
export function boundaryValue(raw: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.maxLength !== undefined) {
    options.push(fc.constantFrom('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1)));
  }
  if (schema.minLength !== undefined) options.push(fc.constant('x'.repeat(Math.max(0, schema.minLength - 1))));
  if (schema.minimum !== undefined) options.push(fc.constantFrom(schema.minimum, schema.minimum - 1));
  if (schema.maximum !== undefined) options.push(fc.constantFrom(schema.maximum, schema.maximum + 1));
  if (schema.type === 'integer' || schema.type === 'number') {
    options.push(fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e21, -1e21, 0.5, Number.MAX_VALUE));
  }
  if (schema.maxItems !== undefined) {
    options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 'x')));
  }
  if (schema.type === 'string') options.push(fc.constantFrom('', ' '));
  if (schema.format === 'uuid') options.push(fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid'));
  return options.length ? fc.oneof(...options) : validValue(schema, resolve);
}

/** Any JSON value, nested a little: wrong types for every field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  nastyString,
  hugeString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.constant(null)), { maxKeys: 3 }),
);

/** A value for a schema: valid, boundary or invalid (weights favour reaching the handlers). */
export function anyValue(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, resolve) },
    { weight: 2, arbitrary: boundaryValue(schema, resolve) },
    { weight: 2, arbitrary: wrongType },
  );
}

/** A JSON body for an object schema: valid, with one field mutated, missing required, extra fields. */
export function bodyFor(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const properties = Object.entries(resolved.properties ?? {});
  const valid = validValue(resolved, resolve);
  const mutated = properties.length
    ? fc
        .tuple(valid, fc.constantFrom(...properties), fc.nat())
        .chain(([base, [name, property]]) =>
          anyValue(property, resolve).map((value) => ({ ...(base as object), [name]: value })),
        )
    : valid;
  const missing = fc
    .tuple(valid, fc.constantFrom(...(resolved.required?.length ? resolved.required : ['_'])))
    .map(([base, name]) => {
      const copy = { ...(base as Record<string, unknown>) };
      delete copy[name];
      return copy;
    });
  const extra = fc
    .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), wrongType)
    .map(([base, name, value]) => ({ ...(base as object), [name]: value }));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: wrongType },
  );
}
