import { Body, Controller, Get, Post, Query, UploadedFiles } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import {
  type ProtocolListResponse,
  protocolListResponseSchema,
  type ProtocolMutationResponse,
  protocolMutationResponseSchema,
  type RegisteredProtocolView,
} from '#server/contracts/processes';
import { CreationPayload } from './creation-payload.decorator';
import { CreateProcessDto } from './dto/create-process.dto';
import { ProcessCommandsService } from './process-commands.service';
import { ProcessPagingDto } from './dto/process-list-filters.dto';
import { ProcessQueriesService } from './process-queries.service';
import { Replies } from '#server/common/openapi/replies';

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
  @Replies(protocolListResponseSchema)
  list(@CurrentUser() user: AuthUser, @Query() { page, limit }: ProcessPagingDto): Promise<ProtocolListResponse> {
    return this.queries.protocols(user, page, limit);
  }

  @Post()
  @CreationPayload()
  @Replies(protocolMutationResponseSchema, 201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateProcessDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProtocolMutationResponse> {
    const process = await this.commands.create(user, body, { withProtocol: true }, files ?? [], meta);
    return { message: 'Protocolo registrado com sucesso!', protocol: process as RegisteredProtocolView };
  }
}
