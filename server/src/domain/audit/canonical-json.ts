/**
 * RFC 8785 (JSON Canonicalization Scheme) for the JSON values the audit log stores: null, booleans,
 * finite numbers, strings, arrays and plain objects. Object keys are sorted by their UTF-16 code
 * units (JavaScript's default string order, as the RFC requires), no whitespace is emitted, and
 * strings and numbers are serialised by ECMAScript's JSON.stringify, whose number form (shortest
 * round-trip, 1e+21 style exponents, -0 as 0) is the one RFC 8785 §3.2.2.3 prescribes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('JSON canônico não aceita NaN nem Infinity');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`JSON canônico não aceita valores do tipo ${typeof value}`);
  }
}
