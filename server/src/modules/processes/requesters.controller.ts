import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { REQUESTER_SEARCH_MIN_LENGTH, type RequesterSearchResponse } from '#server/contracts/processes';
import { RequestersRepository } from '#server/repositories/requesters.repository';
import { toExternalRequesterView } from './process-view';
import { REPLY, Replies } from '#server/common/openapi/reply-schemas';

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
  @ApiQuery({ name: 'query', schema: { type: 'string', minLength: REQUESTER_SEARCH_MIN_LENGTH } })
  @Replies(REPLY.requesterSearch)
  async search(@CurrentUser() user: AuthUser, @Query('query') raw: unknown): Promise<RequesterSearchResponse> {
    const query = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
    if (query.length < REQUESTER_SEARCH_MIN_LENGTH) {
      throw new BadRequestException(`Digite pelo menos ${REQUESTER_SEARCH_MIN_LENGTH} caracteres para buscar.`);
    }
    const requesters = await this.requesters.findVisible(user, query, MAX_RESULTS);
    return { data: requesters.map(toExternalRequesterView) };
  }
}
