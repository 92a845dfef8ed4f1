import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { REQUESTER_SEARCH_MIN_LENGTH, type RequesterSearchResponse } from '#server/contracts/processes';
import { ExternalRequesterEntity } from '#server/database/entities/index';
import { escapeLike } from './process-list-filters';
import { toExternalRequesterView, withoutRequesterContacts } from './process-view';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { REPLY, Replies } from '#server/common/openapi/reply-schemas';

const MAX_RESULTS = 20;

/**
 * GET /requesters/search?query: external requesters by name or CPF/CNPJ (accent- and
 * case-insensitive; digits also match the document without punctuation). System users are not
 * included: the creation form picks them from GET /users in its own "system user" mode.
 * CPF/CNPJ, phone and e-mail are personal data (LGPD): they are returned, and matched, only for
 * requesters with at least one process the caller may see; a requester known only from confidential
 * processes the caller cannot see is found by name alone, with no contact data.
 */
@Controller('requesters')
export class RequestersController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('search')
  @ApiQuery({ name: 'query', schema: { type: 'string', minLength: REQUESTER_SEARCH_MIN_LENGTH } })
  @Replies(REPLY.requesterSearch)
  async search(@CurrentUser() user: AuthUser, @Query('query') raw: unknown): Promise<RequesterSearchResponse> {
    const query = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
    if (query.length < REQUESTER_SEARCH_MIN_LENGTH) {
      throw new BadRequestException(`Digite pelo menos ${REQUESTER_SEARCH_MIN_LENGTH} caracteres para buscar.`);
    }
    const digits = query.replace(/\D/g, '');
    const visible = visibleProcessesWhere(user, 'vp');
    const hasVisibleProcess = `EXISTS (SELECT 1 FROM processes vp WHERE vp.requester_external_id = r.id AND ${visible.sql})`;
    const qb = this.dataSource
      .getRepository(ExternalRequesterEntity)
      .createQueryBuilder('r')
      .addSelect(hasVisibleProcess, 'r_contacts_visible')
      // search_text holds name and CPF/CNPJ: the CPF part may match only where contacts are visible.
      .where(`r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%'`)
      .andWhere(
        `(${hasVisibleProcess} OR semgi_search_normalize(r.name) LIKE '%' || semgi_search_normalize(:pattern) || '%')`,
      );
    if (digits.length >= REQUESTER_SEARCH_MIN_LENGTH) {
      qb.orWhere(`(regexp_replace(r.document, '\\D', '', 'g') LIKE :digits AND ${hasVisibleProcess})`, {
        digits: `%${digits}%`,
      });
    }
    qb.setParameters({ ...visible.params, pattern: escapeLike(query) });
    const { entities, raw: rows } = await qb.orderBy('r.name', 'ASC').limit(MAX_RESULTS).getRawAndEntities<{
      r_id: string;
      r_contacts_visible: boolean;
    }>();
    const contactsVisible = new Set(rows.filter((row) => row.r_contacts_visible).map((row) => row.r_id));
    return {
      data: entities.map((r) =>
        contactsVisible.has(r.id) ? toExternalRequesterView(r) : withoutRequesterContacts(toExternalRequesterView(r)),
      ),
    };
  }
}
