import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import {
  REQUESTER_SEARCH_MIN_LENGTH,
  type RequesterSearchResponse,
  requesterSearchResponseSchema,
} from '#server/contracts/processes';
import { ExternalRequesterEntity } from '#server/database/entities/index';
import { escapeLike } from './process-list-filters';
import { toExternalRequesterView } from './process-view';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { Replies } from '#server/common/openapi/reply-schemas';
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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('search')
  @Replies(requesterSearchResponseSchema)
  async search(
    @CurrentUser() user: AuthUser,
    @Query() { query }: RequesterSearchQueryDto,
  ): Promise<RequesterSearchResponse> {
    const digits = query.replace(/\D/g, '');
    const visible = visibleProcessesWhere(user, 'vp');
    const qb = this.dataSource
      .getRepository(ExternalRequesterEntity)
      .createQueryBuilder('r')
      .where(`EXISTS (SELECT 1 FROM processes vp WHERE vp.requester_external_id = r.id AND ${visible.sql})`)
      .andWhere(
        digits.length >= REQUESTER_SEARCH_MIN_LENGTH
          ? `(r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%' OR regexp_replace(r.document, '\\D', '', 'g') LIKE :digits)`
          : `r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%'`,
        { ...visible.params, pattern: escapeLike(query), digits: `%${digits}%` },
      );
    const requesters = await qb.orderBy('r.name', 'ASC').limit(MAX_RESULTS).getMany();
    return { data: requesters.map(toExternalRequesterView) };
  }
}
