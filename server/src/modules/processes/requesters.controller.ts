import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { REQUESTER_SEARCH_MIN_LENGTH, type RequesterSearchResponse } from '../../contracts/processes';
import { ExternalRequesterEntity } from '../../database/entities';
import { escapeLike } from './process-list-filters';
import { toExternalRequesterView } from './process-view';

const MAX_RESULTS = 20;

/**
 * GET /requesters/search?query: external requesters by name or CPF/CNPJ (accent- and
 * case-insensitive; digits also match the document without punctuation). System users are not
 * included: the creation form picks them from GET /users in its own "system user" mode.
 */
@Controller('requesters')
export class RequestersController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('search')
  async search(@Query('query') raw: unknown): Promise<RequesterSearchResponse> {
    const query = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
    if (query.length < REQUESTER_SEARCH_MIN_LENGTH) {
      throw new BadRequestException(`Digite pelo menos ${REQUESTER_SEARCH_MIN_LENGTH} caracteres para buscar.`);
    }
    const digits = query.replace(/\D/g, '');
    const qb = this.dataSource
      .getRepository(ExternalRequesterEntity)
      .createQueryBuilder('r')
      .where(`r.search_text LIKE '%' || semgi_search_normalize(:pattern) || '%'`, { pattern: escapeLike(query) });
    if (digits.length >= REQUESTER_SEARCH_MIN_LENGTH) {
      qb.orWhere(`regexp_replace(r.document, '\\D', '', 'g') LIKE :digits`, { digits: `%${digits}%` });
    }
    const rows = await qb.orderBy('r.name', 'ASC').limit(MAX_RESULTS).getMany();
    return { data: rows.map(toExternalRequesterView) };
  }
}
