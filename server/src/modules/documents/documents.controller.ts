import {
  BadRequestException,
  Body,
  type PipeTransform,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
} from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Request, Response } from 'express';
import { AllowQueryToken } from '#server/common/decorators/public.decorator';
import { asciiFallbackName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import {
  certificateInfoSchema,
  DOCUMENT_MESSAGES,
  documentListSchema,
  documentTypeFilterSchema,
  documentViewSchema,
  signDocumentResponseSchema,
  type CertificateInfo,
  type DocumentView,
  type SignDocumentResponse,
} from '#server/contracts/documents';
import { parseContract } from '#server/contracts/validation-messages';
import { AuditService } from '../audit/audit.service';
import { UploadFile } from '../files/upload-interceptors';
import { DOCUMENT_NOT_FOUND, DocumentsService } from './documents.service';
import { CreateDocumentDto } from './dto/create-document.dto';
import { InspectCertificateDto, SignDocumentDto } from './dto/sign-document.dto';
import { UpdateDocumentDto, UpdateDocumentStatusDto } from './dto/update-document.dto';
import { UploadDocumentDto } from './dto/upload-document.dto';
import { DocumentSigningService } from './signing/document-signing.service';
import { PendingSignaturesQueryDto } from '../signatures/dto/signature-request.dto';
import { Downloads, FILE_TYPES, Replies } from '#server/common/openapi/replies';

const uuid = uuidParam(DOCUMENT_NOT_FOUND);

/** ?documentType= of the list: a type id, or 400 in pt-BR; blank is no filter. */
const documentTypeFilter: PipeTransform<unknown, string | undefined> = {
  transform(value) {
    const result = parseContract(documentTypeFilterSchema, value);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.data;
  },
};

@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly signing: DocumentSigningService,
    private readonly audit: AuditService,
    private readonly storage: FileStorageService,
  ) {}

  @Get()
  @Replies(documentListSchema)
  list(
    @CurrentUser() user: AuthUser,
    @Query('q') q?: string,
    @Query('processId') processId?: string,
    @Query('documentType', documentTypeFilter) documentType?: string,
  ): Promise<DocumentView[]> {
    return this.documents.list(
      user,
      typeof q === 'string' ? q.slice(0, 200) : undefined,
      typeof processId === 'string' ? processId.slice(0, 40) : undefined,
      documentType,
    );
  }

  /** Alias of GET /signatures/pending (the spec's route; docs/documents.md#signature-requests). */
  @Get('pending-signatures')
  @Replies(documentListSchema)
  pending(@CurrentUser() user: AuthUser, @Query() filters: PendingSignaturesQueryDto): Promise<DocumentView[]> {
    return this.documents.pendingSignatures(user, filters);
  }

  /** Opening a confidential document leaves a 'read' audit entry (LGPD: access to sensitive records is traceable). */
  @Get(':id')
  @Replies(documentViewSchema)
  async view(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<DocumentView> {
    const view = await this.documents.view(user, id);
    if (view.confidential) {
      await this.audit.record({
        action: 'read',
        entityType: 'document',
        entityId: id,
        description: `Documento sigiloso "${view.title}" consultado`,
        actor: user,
        meta,
      });
    }
    return view;
  }

  /** The filled DOCX of a document made from a docx/hybrid template (same visibility as the document). */
  @Get(':id/docx')
  @AllowQueryToken()
  @Downloads(FILE_TYPES.docx)
  async docx(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.documents.docxFile(user, id);
    const stream = await this.storage.createReadStream(file.storedName);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return new StreamableFile(stream, {
      type: file.mimeType,
      length: file.sizeBytes,
      disposition: contentDisposition(file.originalName, {
        type: 'attachment',
        fallback: asciiFallbackName(file.originalName),
      }),
    });
  }

  @Post()
  @Replies(documentViewSchema, 201)
  create(@CurrentUser() user: AuthUser, @Body() body: CreateDocumentDto, @ReqMeta() meta: RequestMeta) {
    return this.documents.createFromText(user, body, meta);
  }

  @Post('upload')
  @UploadFile('file')
  @Replies(documentViewSchema, 201)
  upload(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() body: UploadDocumentDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    if (!file) throw new BadRequestException(DOCUMENT_MESSAGES.fileRequired);
    return this.documents.createFromUpload(user, body, file, meta);
  }

  @Patch(':id')
  @Replies(documentViewSchema)
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateDocumentDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.documents.updateText(user, id, body, meta);
  }

  @Patch(':id/status')
  @Replies(documentViewSchema)
  setStatus(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateDocumentStatusDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.documents.setStatus(user, id, body.status, meta);
  }

  /** 200 (not 201): the client counts a signature as accepted only on 200 (docs/documents.md#validation). */
  @Post(':id/sign')
  @HttpCode(200)
  @UploadFile('certificate')
  @Replies(signDocumentResponseSchema)
  sign(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @UploadedFile() certificate: Express.Multer.File | undefined,
    @Body() body: SignDocumentDto,
    @Req() req: Request,
    @ReqMeta() meta: RequestMeta,
  ): Promise<SignDocumentResponse> {
    const origin = this.signing.publicBaseUrl(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
    return this.signing.sign(user, id, body, certificate, origin, meta);
  }

  /** Reads subject, issuer and validity from a .p12 for the signing panel; nothing is stored. */
  @Post('certificates/inspect')
  @HttpCode(200)
  @UploadFile('certificate')
  @Replies(certificateInfoSchema)
  async inspect(
    @UploadedFile() certificate: Express.Multer.File | undefined,
    @Body() body: InspectCertificateDto,
  ): Promise<CertificateInfo> {
    // Loaded on first use (it brings node-forge): keeps the server's start fast.
    const { openA1Upload } = await import('#server/modules/documents/signing/a1-certificate');
    return (await openA1Upload(certificate, body.certificatePassword ?? '')).info;
  }
}
