import { Body, Controller, Get, HttpCode, Post, Req, UploadedFiles } from '@nestjs/common';
import type { Request } from 'express';
import type { Challenge } from 'altcha/lib';
import { Public } from '#server/common/decorators/public.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { Replies } from '#server/common/openapi/replies';
import {
  type EmailCodeResponse,
  emailCodeResponseSchema,
  PUBLIC_REQUEST_MESSAGES as M,
  proofOfWorkChallengeSchema,
  type PublicRequestResponse,
  publicRequestResponseSchema,
} from '#server/contracts/public-requests';
import { UploadFiles } from '../files/upload-interceptors';
import { EmailCodesService } from './email-codes.service';
import { ProofOfWorkService } from './proof-of-work.service';
import { EmailCodeRequestDto, PublicRequestFieldsDto } from './public-request-fields.dto';
import { PublicRequestsService } from './public-requests.service';

/** Online filing by citizens, no login (docs/processes.md#online-filing). */
@Public()
@Controller('public')
export class PublicRequestsController {
  constructor(
    private readonly proofOfWork: ProofOfWorkService,
    private readonly emailCodes: EmailCodesService,
    private readonly requests: PublicRequestsService,
  ) {}

  /** The ALTCHA challenge the page solves before sending. */
  @Get('challenge')
  @Replies(proofOfWorkChallengeSchema)
  challenge(): Promise<Challenge> {
    return this.proofOfWork.challenge();
  }

  @Post('email-codes')
  @HttpCode(202)
  @Replies(emailCodeResponseSchema, 202)
  async emailCode(@Body() body: EmailCodeRequestDto, @Req() req: Request): Promise<EmailCodeResponse> {
    await this.emailCodes.send(body.email, req.ip ?? 'unknown');
    return { message: M.codeSent };
  }

  /** Multipart: the fields of PublicRequestFields and up to PUBLIC_REQUEST_MAX_FILES files in `files`. */
  @Post('requests')
  @UploadFiles('files')
  @Replies(publicRequestResponseSchema, 201)
  file(
    @Body() body: PublicRequestFieldsDto,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<PublicRequestResponse> {
    return this.requests.file(body, files ?? [], meta);
  }
}
