import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import {
  SEARCH_RANKED_MATCHES,
  SEARCH_RESULTS_PER_KIND,
  searchResponseSchema,
  type SearchResponse,
} from '#server/contracts/search';
import { searchTerms } from '#server/domain/search/text-search';
import { DocumentsService } from '../documents/documents.service';
import { ProcessQueriesService } from '../processes/process-queries.service';
import { SearchQueryDto } from './dto/search-query.dto';
import { Replies } from '#server/common/openapi/replies';

/**
 * GET /search?q= — the header search: visible processes and visible documents matching the text,
 * accent- and case-insensitive (Portuguese full text with a trigram fallback), grouped by kind;
 * each kind's count stops at SEARCH_RANKED_MATCHES (docs/processes.md#search-at-capital-size).
 */
@Controller('search')
export class SearchController {
  constructor(
    private readonly processes: ProcessQueriesService,
    private readonly documents: DocumentsService,
  ) {}

  @Get()
  @Replies(searchResponseSchema)
  async search(@CurrentUser() user: AuthUser, @Query() { q: query }: SearchQueryDto): Promise<SearchResponse> {
    const terms = searchTerms(query);
    const window = { limit: SEARCH_RESULTS_PER_KIND, ranked: SEARCH_RANKED_MATCHES };
    const [processes, documents] = await Promise.all([
      this.processes.search(user, terms, window),
      this.documents.search(user, terms, window),
    ]);
    return { query, processes, documents };
  }
}
