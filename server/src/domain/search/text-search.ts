import type { SqlFragment } from '#server/domain/processes/process-visibility';

/**
 * Accent- and case-insensitive Portuguese text search (the header search and /documents). A text
 * matches when its full-text vector (configuration 'portuguese', so 'ofícios' finds 'ofício')
 * matches every word of the query as a prefix, or when it contains the query as typed (trigram
 * index: the middle of a word, a NUP fragment such as '000123/2025'). Both sides go through
 * semgi_search_normalize (lower + unaccent). The expressions are the ones the
 * 1732800000000-full-text-search migration indexes (the vectors are the stored columns of
 * 1733620000000-process-search-vector and 1733640000001-document-search-vector, a process's number
 * and subject the stored column of 1733740000000-process-search-heading): change both together.
 */
export const SEARCH_EXPRESSIONS = {
  processVector: (p: string) => `${p}.search_vector`,
  processText: (p: string) => `${p}.search_heading`,
  documentVector: (d: string) => `${d}.search_vector`,
  documentText: (d: string) =>
    `semgi_search_normalize(${d}.title || ' ' || ${d}.description || ' ' || ${d}.protocol_number)`,
  fileName: (f: string) => `semgi_search_normalize(${f}.original_name)`,
};

export interface SearchTerms {
  /** The query for `LIKE '%' || semgi_search_normalize(:pattern) || '%'`, LIKE wildcards escaped. */
  pattern: string;
  /** A to_tsquery text ('oficio:* & compra:*'), or null when the query has no word. */
  prefixQuery: string | null;
}

/**
 * What a search returns of one kind: the `limit` best of the `ranked` newest matches, which are also
 * as far as it counts (docs/processes.md#search-at-capital-size).
 */
export interface SearchWindow {
  limit: number;
  ranked: number;
}

/** Letters and digits without their accents, lower case (what semgi_search_normalize does). */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** `value` for a LIKE pattern: its wildcards and the escape character taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search terms of a user's query (already trimmed and non-empty). */
export function searchTerms(query: string): SearchTerms {
  const tokens = words(query).slice(0, 12);
  return {
    pattern: escapeLike(query),
    prefixQuery: tokens.length ? tokens.map((token) => `${token}:*`).join(' & ') : null,
  };
}

/** The tsquery of `terms` (a query matching nothing when there are no words). */
const TSQUERY = `to_tsquery('portuguese'::regconfig, :searchPrefixQuery)`;

/**
 * `vector @@ tsquery OR text LIKE pattern OR …` with its parameters. `vector` is a tsvector
 * expression (null: trigram match only); `texts` are normalized expressions (SEARCH_EXPRESSIONS).
 */
export function textMatches(terms: SearchTerms, vector: string | null, texts: string[]): SqlFragment {
  const like = texts.map((text) => `${text} LIKE '%' || semgi_search_normalize(:searchPattern) || '%'`);
  const fts = vector && terms.prefixQuery ? [`${vector} @@ ${TSQUERY}`] : [];
  return {
    sql: `(${[...fts, ...like].join(' OR ')})`,
    params: searchParameters(terms),
  };
}

/** The named parameters textMatches and textRank read. */
export function searchParameters(terms: SearchTerms): Record<string, string> {
  return { searchPattern: terms.pattern, searchPrefixQuery: terms.prefixQuery ?? '' };
}

/** ts_rank of `vector` for ordering (0 without words). */
export function textRank(terms: SearchTerms, vector: string): string {
  return terms.prefixQuery ? `ts_rank(${vector}, ${TSQUERY})` : '0';
}
