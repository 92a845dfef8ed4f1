import { Downloads, FILE_TYPES, Replies } from '#server/common/openapi/replies';
import contentDisposition from 'content-disposition';
import type { Request } from 'express';
import { messageResponseSchema } from '#server/contracts/auth';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  StreamableFile,
  UploadedFile,
  UploadedFiles,
} from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import {
  type ProcessListResponse,
  processListResponseSchema,
  type ProcessMutationResponse,
  processMutationResponseSchema,
  type ToggleConfidentialResponse,
  toggleConfidentialResponseSchema,
  type ProcessStatsResponse,
  processStatsResponseSchema,
  type ProcessView,
  processViewSchema,
} from '#server/contracts/processes';
import { AuditService } from '../audit/audit.service';
import { UploadFile, UploadFiles } from '../files/upload-interceptors';
import { AttachDocumentDto } from './dto/attach-document.dto';
import { FinalizeProcessDto } from './dto/finalize-process.dto';
import { ForwardProcessDto } from './dto/forward-process.dto';
import { CreateProcessDto } from './dto/create-process.dto';
import { RespondProcessDto } from './dto/respond-process.dto';
import { ToggleConfidentialDto } from './dto/toggle-confidential.dto';
import { UpdateRequesterDto } from './dto/update-requester.dto';
import { CreationPayload } from './creation-payload.decorator';
import { ProcessCommandsService } from './process-commands.service';
import { DeadlineAction } from './deadline-action.decorator';
import { ProcessDeadlinesService } from './process-deadlines.service';
import { DeadlineInputDto, ExtendDeadlineDto, SuspendDeadlineDto } from './dto/deadline-actions.dto';
import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';
import { ProcessIdPipe } from './process-id.pipe';
import { ProcessListFiltersDto } from './dto/process-list-filters.dto';
import { ProcessQueriesService } from './process-queries.service';
import { ProcessReceiptService } from './process-receipt.service';

/** docs/processes.md#api Processes; the shapes are in contracts/processes.ts. */
@Controller('processes')
export class ProcessesController {
  constructor(
    private readonly queries: ProcessQueriesService,
    private readonly commands: ProcessCommandsService,
    private readonly deadlines: ProcessDeadlinesService,
    private readonly audit: AuditService,
    private readonly receipts: ProcessReceiptService,
  ) {}

  @Get()
  @Replies(processListResponseSchema)
  list(@CurrentUser() user: AuthUser, @Query() filters: ProcessListFiltersDto): Promise<ProcessListResponse> {
    return this.queries.list(user, filters);
  }

  @Get('stats')
  @Replies(processStatsResponseSchema)
  async stats(@CurrentUser() user: AuthUser): Promise<ProcessStatsResponse> {
    return { data: await this.queries.stats(user) };
  }

  /** Opening a confidential process leaves a 'read' audit entry (LGPD: access to sensitive records is traceable). */
  @Get(':id')
  @Replies(processViewSchema)
  async details(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessView> {
    const view = await this.queries.details(user, id);
    if (view.confidential) {
      await this.audit.record({
        action: 'read',
        entityType: 'process',
        entityId: id,
        description: `Processo sigiloso ${id} consultado`,
        actor: user,
        meta,
      });
    }
    return view;
  }

  /** JSON body, or multipart with the payload as JSON in field `data` and files in `attachments`. */
  @Post()
  @CreationPayload()
  @Replies(processMutationResponseSchema, 201)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateProcessDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.create(user, body, { withProtocol: false }, files ?? [], meta);
    return { message: 'Processo criado com sucesso!', process };
  }

  @Post(':id/forward')
  @HttpCode(200)
  @Replies(processMutationResponseSchema)
  async forward(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: ForwardProcessDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.forward(user, id, body, meta);
    return { message: 'Processo encaminhado com sucesso!', process };
  }

  /** JSON `{response}`, or multipart with field `response` and files in `attachments`. */
  @Post(':id/response-simple')
  @HttpCode(200)
  @UploadFiles('attachments')
  @Replies(processMutationResponseSchema)
  async respond(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: RespondProcessDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.respond(user, id, body.response, files ?? [], meta);
    return { message: 'Resposta adicionada com sucesso!', process };
  }

  @Post(':id/finalize')
  @HttpCode(200)
  @Replies(processMutationResponseSchema)
  async finalize(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: FinalizeProcessDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.finalize(user, id, body.finalResponse, meta);
    return { message: 'Processo finalizado com sucesso!', process };
  }

  /** docs/deadlines.md#process-deadlines: sets (or replaces) the process deadline. */
  @DeadlineAction('deadline')
  async setDeadline(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: DeadlineInputDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.deadlines.set(user, id, body, meta);
    return { message: DEADLINE_MESSAGES.set, process };
  }

  /** docs/deadlines.md#suspension-and-extension: 'Sobrestar'. */
  @DeadlineAction('suspend')
  async suspend(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: SuspendDeadlineDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.deadlines.suspend(user, id, body.reason, meta);
    return { message: DEADLINE_MESSAGES.suspended, process };
  }

  /** 'Retomar': no body (none, or any, is read), as other bodiless actions. */
  @DeadlineAction('resume')
  async resume(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.deadlines.resume(user, id, meta);
    return { message: DEADLINE_MESSAGES.resumed, process };
  }

  /** 'Prorrogar': within the deadline's limits (DEADLINE_MAX_EXTENSIONS / _DAYS unless it names its own). */
  @DeadlineAction('extend')
  async extend(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: ExtendDeadlineDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.deadlines.extend(user, id, body, meta);
    return { message: DEADLINE_MESSAGES.extended, process };
  }

  @Post(':id/documents')
  @UploadFile('file')
  @Replies(processMutationResponseSchema, 201)
  async attach(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: AttachDocumentDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.attach(
      user,
      id,
      file,
      { context: body.context ?? 'process', name: body.name },
      meta,
    );
    return { message: 'Documento adicionado com sucesso!', process };
  }

  @Patch(':id/toggle-confidential')
  @Replies(toggleConfidentialResponseSchema)
  async toggleConfidential(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: ToggleConfidentialDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ToggleConfidentialResponse> {
    const process = await this.commands.toggleConfidential(
      user,
      id,
      body.confidential,
      body.confidentialAccess ?? [],
      meta,
    );
    const message = body.confidential ? 'Acesso sigiloso atualizado com sucesso!' : 'Sigilo removido do processo.';
    return {
      message: process ? message : `${message} Você não está na lista de acesso e não verá mais este processo.`,
      process,
    };
  }

  /** docs/processes.md#receipts-and-tracking: 'Comprovante de Protocolo' (processes with an external requester). */
  @Get(':id/receipt')
  @Downloads(FILE_TYPES.pdf)
  async receipt(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Req() req: Request,
  ): Promise<StreamableFile> {
    const pdf = await this.receipts.receipt(user, id, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
    const name = `comprovante-${id.replace(/\W+/g, '-')}.pdf`;
    return new StreamableFile(pdf, {
      type: FILE_TYPES.pdf,
      disposition: contentDisposition(name, { type: 'attachment' }),
    });
  }

  /** A new access code for the public tracking; the old one stops working. */
  @Post(':id/access-code')
  @HttpCode(200)
  @Replies(processMutationResponseSchema)
  async reissueAccessCode(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.reissueAccessCode(user, id, meta);
    return { message: 'Novo código de acesso emitido. O código anterior deixou de valer.', process };
  }

  /** docs/processes.md#updates-by-e-mail: the external requester's 'Receber atualizações por e-mail'. */
  @Patch(':id/requester')
  @Replies(processMutationResponseSchema)
  async updateRequester(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @Body() body: UpdateRequesterDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<ProcessMutationResponse> {
    const process = await this.commands.setEmailUpdates(user, id, body.emailUpdates, meta);
    const message = body.emailUpdates
      ? 'O requerente passará a receber atualizações por e-mail.'
      : 'O requerente não receberá mais atualizações por e-mail.';
    return { message, process };
  }

  @Delete(':id')
  @Replies(messageResponseSchema)
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', ProcessIdPipe) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<{ message: string }> {
    await this.commands.remove(user, id, meta);
    return { message: 'Processo excluído com sucesso!' };
  }
}
