import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { Replies } from '#server/common/openapi/replies';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { documentListSchema, documentViewSchema, type DocumentView } from '#server/contracts/documents';
import {
  SIGNATURE_REQUEST_MESSAGES,
  signatureRequestViewSchema,
  type SignatureRequestView,
} from '#server/contracts/signature-requests';
import { SetSigningFlowDto } from '../documents/dto/update-document.dto';
import { DOCUMENT_NOT_FOUND, DocumentsService } from '../documents/documents.service';
import {
  AddSignersDto,
  CreateSignatureRequestDto,
  PendingSignaturesQueryDto,
  RefuseSignatureDto,
} from './dto/signature-request.dto';
import { SignatureRequestsService } from './signature-requests.service';

const documentId = uuidParam(DOCUMENT_NOT_FOUND);
const requestId = uuidParam(SIGNATURE_REQUEST_MESSAGES.notFound);
const signerId = uuidParam(SIGNATURE_REQUEST_MESSAGES.signerNotInRequest);

/** Signature requests and the 'Assinaturas pendentes' inbox (docs/documents.md#signature-requests). */
@Controller()
export class SignaturesController {
  constructor(
    private readonly requests: SignatureRequestsService,
    private readonly documents: DocumentsService,
  ) {}

  @Get('signatures/pending')
  @Replies(documentListSchema)
  pending(@CurrentUser() user: AuthUser, @Query() filters: PendingSignaturesQueryDto): Promise<DocumentView[]> {
    return this.documents.pendingSignatures(user, filters);
  }

  @Post('documents/:id/signature-requests')
  @Replies(signatureRequestViewSchema, 201)
  create(
    @CurrentUser() user: AuthUser,
    @Param('id', documentId) id: string,
    @Body() body: CreateSignatureRequestDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignatureRequestView> {
    return this.requests.create(user, id, body, meta);
  }

  /** The spec's ordered signing flow: a sequential request (an empty list cancels the open one). */
  @Put('documents/:id/signing-flow')
  @Replies(documentViewSchema)
  setSigningFlow(
    @CurrentUser() user: AuthUser,
    @Param('id', documentId) id: string,
    @Body() body: SetSigningFlowDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<DocumentView> {
    return this.requests.replaceFlow(user, id, body.userIds, meta);
  }

  @Post('documents/:id/refuse')
  @HttpCode(200)
  @Replies(documentViewSchema)
  refuse(
    @CurrentUser() user: AuthUser,
    @Param('id', documentId) id: string,
    @Body() body: RefuseSignatureDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<DocumentView> {
    return this.requests.refuse(user, id, body.reason, meta);
  }

  @Post('signature-requests/:id/cancel')
  @HttpCode(200)
  @Replies(documentViewSchema)
  cancel(
    @CurrentUser() user: AuthUser,
    @Param('id', requestId) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<DocumentView> {
    return this.requests.cancel(user, id, meta);
  }

  @Post('signature-requests/:id/signers')
  @HttpCode(200)
  @Replies(signatureRequestViewSchema)
  addSigners(
    @CurrentUser() user: AuthUser,
    @Param('id', requestId) id: string,
    @Body() body: AddSignersDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignatureRequestView> {
    return this.requests.addSigners(user, id, body.signers, meta);
  }

  @Delete('signature-requests/:id/signers/:userId')
  @Replies(signatureRequestViewSchema)
  removeSigner(
    @CurrentUser() user: AuthUser,
    @Param('id', requestId) id: string,
    @Param('userId', signerId) userId: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignatureRequestView> {
    return this.requests.removeSigner(user, id, userId, meta);
  }
}
