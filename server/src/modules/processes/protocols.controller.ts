import { Body, Controller, Get, Post, Query, UploadedFiles } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { ReqMeta } from '../../common/decorators/request-meta.decorator';
import type { RequestMeta } from '../../common/http/request';
import type { ProtocolListResponse, ProtocolMutationResponse, ProtocolView } from '../../contracts/processes';
import { UploadFiles } from '../files/upload-interceptors';
import { ProcessCommandsService } from './process-commands.service';
import { parseProcessListFilters } from './process-list-filters';
import { parseCreateProcess } from './process-payloads';
import { ProcessQueriesService } from './process-queries.service';

/**
 * A protocol is the registration record of an incoming request (type internal/external, status,
 * priority, due date, subject), opened together with its process and keyed by the process id
 * (1:1). GET lists the protocol records of the processes the caller may see; POST registers a
 * request: it creates the process with its protocol record (protocol data defaults applied), so
 * the same rules, numbering, history, audit and outbox apply as for POST /processes.
 */
@Controller('protocol')
export class ProtocolsController {
  constructor(
    private readonly queries: ProcessQueriesService,
    private readonly commands: ProcessCommandsService,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>): Promise<ProtocolListResponse> {
    const { page, limit } = parseProcessListFilters({ page: query.page, limit: query.limit });
    return this.queries.protocols(user, page, limit);
  }

  @Post()
  @UploadFiles('attachments')
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: Record<string, unknown>,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProtocolMutationResponse> {
    const input = parseCreateProcess(body, { requireProtocol: true });
    const process = await this.commands.create(user, input, files ?? [], meta);
    return { message: 'Protocolo registrado com sucesso!', protocol: process as ProtocolView };
  }
}
