import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULTS_PER_KIND, type SearchResponse } from '#server/contracts/search';
import { SEARCH_MESSAGES } from '#server/contracts/validation-messages';
import { searchTerms } from '#server/domain/search/text-search';
import { DocumentsService } from '../documents/documents.service';
import { ProcessQueriesService } from '../processes/process-queries.service';
import { REPLY, Replies } from '#server/common/openapi/reply-schemas';
import { QUERY, QueryParams } from '#server/common/openapi/query-params';

/**
 * GET /search?q= — the header search: visible processes and visible documents matching the text,
 * accent- and case-insensitive (Portuguese full text with a trigram fallback), grouped by kind.
 */
@Controller('search')
export class SearchController {
  constructor(
    private readonly processes: ProcessQueriesService,
    private readonly documents: DocumentsService,
  ) {}

  @Get()
  @Replies(REPLY.search)
  @QueryParams(QUERY.search)
  async search(@CurrentUser() user: AuthUser, @Query('q') q?: unknown): Promise<SearchResponse> {
    const query = typeof q === 'string' ? q.trim().slice(0, SEARCH_QUERY_MAX_LENGTH) : '';
    if (!query) throw new BadRequestException(SEARCH_MESSAGES.queryRequired);
    const terms = searchTerms(query);
    const [processes, documents] = await Promise.all([
      this.processes.search(user, terms, SEARCH_RESULTS_PER_KIND),
      this.documents.search(user, terms, SEARCH_RESULTS_PER_KIND),
    ]);
    return { query, processes, documents };
  }
}
