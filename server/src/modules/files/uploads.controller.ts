import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  UnsupportedMediaTypeException,
  UploadedFile,
} from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { AllowQueryToken } from '#server/common/decorators/public.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { textContentSavedSchema, textContentSchema } from '#server/contracts/documents';
import {
  type LogosResponse,
  logosResponseSchema,
  TEMPLATE_MESSAGES,
  type UploadResponse,
  uploadResponseSchema,
} from '#server/contracts/templates';
import type { StoredFileEntity } from '#server/database/entities/index';
import { Transactions } from '#server/database/transactions';
import { AuditService } from '../audit/audit.service';
import { TextContentDto } from './dto/text-content.dto';
import { UploadDto } from './dto/upload.dto';
import { FileAccessRegistry } from './file-access.registry';
import { UploadFile } from './upload-interceptors';
import { UploadsService } from './uploads.service';
import { asciiFallbackName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { categoryOf } from '#server/domain/files/file-types';
import { FILE_TYPES, Downloads, Replies } from '#server/common/openapi/replies';
import { QUERY, QueryParams } from '#server/common/openapi/query-params';

const NOT_FOUND = 'Arquivo não encontrado.';

/**
 * Serves stored files to whoever the owning feature's policy admits. Everyone else gets the same
 * 404 as for a file that does not exist, so a confidential file's existence is never revealed.
 */
@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly storage: FileStorageService,
    private readonly access: FileAccessRegistry,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly uploads: UploadsService,
  ) {}

  /** The template editor's uploads (docs/documents.md#api): multipart `file` and `type`. */
  @Post()
  @UploadFile('file')
  @Replies(uploadResponseSchema, 201)
  upload(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() body: UploadDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<UploadResponse> {
    if (!file) throw new BadRequestException(TEMPLATE_MESSAGES.fileRequired);
    return this.uploads.upload(user, body.type, file, meta);
  }

  /** Declared before `:file`, which would otherwise take "logos" for a file name. */
  @Get('logos')
  @Replies(logosResponseSchema)
  logos(): Promise<LogosResponse> {
    return this.uploads.logos();
  }

  @Get(':file')
  @AllowQueryToken()
  @Downloads(FILE_TYPES.any)
  @QueryParams(QUERY.fileDownload)
  async download(
    @CurrentUser() user: AuthUser,
    @Param('file') name: string,
    @Query('download') download: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.readable(user, name);
    const category = categoryOf(file.storedName);
    const inline = download !== '1' && (category === 'pdf' || category === 'image' || category === 'text');
    const stream = await this.storage.createReadStream(file.storedName);
    // Stored HTML, XML, JS or CSS must never run in our origin (it would read the user's token
    // and call the API as them): every text type is served as text/plain, which browsers never
    // render as markup, `nosniff` forbids guessing otherwise, and the CSP sandbox denies scripts
    // and same-origin access even if a browser did. Chrome's PDF viewer refuses to load in a
    // sandboxed document, so PDFs (which we accept only by their magic bytes) skip the sandbox and
    // the app's CSP too (Chrome also refuses a PDF under `object-src 'none'`). Both replace the
    // app's headers (security-headers.ts) and may be framed only by the app's own document viewer.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader(
      'Content-Security-Policy',
      category === 'pdf'
        ? "frame-ancestors 'self'"
        : "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    );
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    // The link carries ?token=: keep it out of shared caches and out of Referer headers.
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return new StreamableFile(stream, {
      type: category === 'text' ? 'text/plain; charset=utf-8' : file.mimeType,
      length: file.sizeBytes,
      disposition: contentDisposition(file.originalName, {
        type: inline ? 'inline' : 'attachment',
        fallback: asciiFallbackName(file.originalName),
      }),
    });
  }

  @Get(':file/content')
  @Replies(textContentSchema)
  async readContent(@CurrentUser() user: AuthUser, @Param('file') name: string): Promise<{ content: string }> {
    const file = await this.readable(user, name);
    if (categoryOf(file.storedName) !== 'text') throw new UnsupportedMediaTypeException('Formato não suportado.');
    return { content: (await this.storage.readBuffer(file.storedName)).toString('utf8') };
  }

  @Put(':file/content')
  @Replies(textContentSavedSchema)
  async writeContent(
    @CurrentUser() user: AuthUser,
    @Param('file') name: string,
    @Body() body: TextContentDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<{ message: string; size: number }> {
    const file = await this.readable(user, name);
    const updated = await this.transactions.run(async (tx) => {
      // Lock the file row before asking the owner's policy: signing locks the same row, so a
      // signature committed a moment ago is seen here and the edit is refused.
      await this.storage.lockRow(file.storedName, tx);
      // The caller may read the file, so saying "not allowed" reveals nothing new.
      if (!(await this.access.canWrite(user, file))) {
        throw new ForbiddenException('Você não tem permissão para editar este arquivo.');
      }
      const saved = await this.storage.replaceTextContent(file.storedName, body.content, tx);
      await this.audit.record(
        {
          action: 'update',
          entityType: file.ownerKind === 'document' ? 'document' : 'system',
          entityId: file.ownerId ?? file.id,
          description: `Conteúdo do arquivo "${file.originalName}" editado.`,
          actor: user,
          meta,
          details: { storedName: file.storedName, ownerKind: file.ownerKind, size: saved.sizeBytes },
        },
        tx,
      );
      return saved;
    });
    return { message: 'Documento editado com sucesso!', size: updated.sizeBytes };
  }

  private async readable(user: AuthUser, name: string): Promise<StoredFileEntity> {
    const file = await this.storage.find(name);
    if (!file || !(await this.access.canRead(user, file))) throw new NotFoundException(NOT_FOUND);
    return file;
  }
}
