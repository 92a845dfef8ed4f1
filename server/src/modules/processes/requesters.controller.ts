import { Controller, Get, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { type RequesterSearchResponse, requesterSearchResponseSchema } from '#server/contracts/processes';
import { RequestersRepository } from '#server/repositories/requesters.repository';
import { toExternalRequesterView } from './process-view';
import { Replies } from '#server/common/openapi/replies';
import { RequesterSearchQueryDto } from './dto/process-list-filters.dto';

const MAX_RESULTS = 20;

/**
 * GET /requesters/search?query: external requesters by name or CPF/CNPJ (accent- and
 * case-insensitive; digits also match the document without punctuation). System users are not
 * included: the creation form picks them from GET /users in its own "system user" mode.
 * Requesters are personal data (LGPD): only those of at least one process the caller may see are
 * found, so a requester known only from confidential processes the caller cannot see stays unknown.
 */
@Controller('requesters')
export class RequestersController {
  constructor(private readonly requesters: RequestersRepository) {}

  @Get('search')
  @Replies(requesterSearchResponseSchema)
  async search(
    @CurrentUser() user: AuthUser,
    @Query() { query }: RequesterSearchQueryDto,
  ): Promise<RequesterSearchResponse> {
    const requesters = await this.requesters.findVisible(user, query, MAX_RESULTS);
    return { data: requesters.map(toExternalRequesterView) };
  }
}
