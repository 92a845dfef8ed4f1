import type { SearchResponse } from '@contracts';
import { http } from '@/lib/http';

export const searchApi = {
  /** GET /search?q= — visible processes and documents matching the text, grouped by kind. */
  search: (q: string, signal?: AbortSignal) => http.get<SearchResponse>('/search', { query: { q }, signal }),
};
