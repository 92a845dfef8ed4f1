import type { DocumentView } from './documents';
import type { ProcessSummary } from './processes';

/** GET /api/search?q= — the header search over processes and documents. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results returned per kind (the totals count every match). */
export const SEARCH_RESULTS_PER_KIND = 20;

export interface SearchGroup<T> {
  /** Every visible match. */
  total: number;
  /** The best SEARCH_RESULTS_PER_KIND of them. */
  items: T[];
}

export interface SearchResponse {
  query: string;
  processes: SearchGroup<ProcessSummary>;
  documents: SearchGroup<DocumentView>;
}
