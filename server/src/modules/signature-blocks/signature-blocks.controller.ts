import { Body, Controller, Get, HttpCode, Param, Post, Req, UploadedFile } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { Replies } from '#server/common/openapi/replies';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import {
  SIGNATURE_BLOCK_MESSAGES,
  signatureBlockSummarySchema,
  signatureBlockViewSchema,
  signBlockResponseSchema,
  type SignatureBlockSummary,
  type SignatureBlockView,
  type SignBlockResponse,
} from '#server/contracts/signature-blocks';
import { SignDocumentDto } from '../documents/dto/sign-document.dto';
import { DocumentSigningService } from '../documents/signing/document-signing.service';
import { UploadFile } from '../files/upload-interceptors';
import { CreateSignatureBlockDto } from './dto/create-signature-block.dto';
import { SignatureBlocksService } from './signature-blocks.service';

const uuid = uuidParam(SIGNATURE_BLOCK_MESSAGES.notFound);

/** Signature blocks (docs/documents.md#signature-blocks); only their creator and signers see them. */
@Controller('signature-blocks')
export class SignatureBlocksController {
  constructor(
    private readonly blocks: SignatureBlocksService,
    private readonly signing: DocumentSigningService,
  ) {}

  @Get()
  @Replies(signatureBlockSummarySchema.array())
  list(@CurrentUser() user: AuthUser): Promise<SignatureBlockSummary[]> {
    return this.blocks.list(user);
  }

  @Post()
  @Replies(signatureBlockViewSchema, 201)
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateSignatureBlockDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignatureBlockView> {
    return this.blocks.create(user, body, meta);
  }

  @Get(':id')
  @Replies(signatureBlockViewSchema)
  view(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string): Promise<SignatureBlockView> {
    return this.blocks.view(user, id);
  }

  /** The same fields as POST /documents/:id/sign: JSON with the password, or multipart with the certificate. */
  @Post(':id/sign')
  @HttpCode(200)
  @UploadFile('certificate')
  @Replies(signBlockResponseSchema)
  sign(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @UploadedFile() certificate: Express.Multer.File | undefined,
    @Body() body: SignDocumentDto,
    @Req() req: Request,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignBlockResponse> {
    const origin = this.signing.publicBaseUrl(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
    return this.blocks.sign(user, id, body, certificate, origin, meta);
  }
}
