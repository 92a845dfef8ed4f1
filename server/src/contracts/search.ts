import { z } from 'zod';
import { documentViewSchema } from './documents';
import { processSummarySchema } from './processes';
import { FIELDS } from './schema-fields';
import { SEARCH_MESSAGES } from './validation-messages';

const { count } = FIELDS;

/** GET /api/search?q= — the header search over processes and documents. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results returned per kind. */
export const SEARCH_RESULTS_PER_KIND = 20;
/**
 * How many of a kind's newest matches are ranked by relevance (the results are the best
 * SEARCH_RESULTS_PER_KIND of them) and counted (docs/processes.md#search-at-capital-size).
 */
export const SEARCH_RANKED_MATCHES = 1000;

/** GET /search?q=: the text trimmed and cut to SEARCH_QUERY_MAX_LENGTH; blank (or a repeated q) answers 400. */
export const searchQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().slice(0, SEARCH_QUERY_MAX_LENGTH) : ''),
    z.string().min(1, SEARCH_MESSAGES.queryRequired).max(SEARCH_QUERY_MAX_LENGTH),
  ),
});

/**
 * `total` counts the visible matches up to SEARCH_RANKED_MATCHES: past it, `total` is that number and
 * `totalIsLowerBound` true. `items` holds the best SEARCH_RESULTS_PER_KIND of the newest
 * SEARCH_RANKED_MATCHES matches (docs/processes.md#search-at-capital-size).
 */
const searchGroup = <S extends z.ZodType>(item: S) =>
  z.strictObject({ total: count, totalIsLowerBound: z.boolean(), items: z.array(item) });

export const searchResponseSchema = z.strictObject({
  query: z.string().min(1),
  processes: searchGroup(processSummarySchema),
  documents: searchGroup(documentViewSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
/** One kind's group (SearchPage renders either with the same component). */
export type SearchGroup<T> = Omit<SearchResponse['processes'], 'items'> & { items: T[] };
