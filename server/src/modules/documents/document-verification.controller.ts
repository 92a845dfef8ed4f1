import {
  Controller,
  Get,
  HttpException,
  HttpStatus,
  NotFoundException,
  Param,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import contentDisposition from 'content-disposition';
import type { Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { Public } from '#server/common/decorators/public.decorator';
import {
  INVALID_SIGNATURE_MESSAGE,
  verificationResultSchema,
  type VerificationResult,
} from '#server/contracts/documents';
import { RateLimits } from '#server/coordination/rate-limits';
import { asciiFallbackName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { DocumentSigningService } from './signing/document-signing.service';
import { DocumentVerificationService, type VerifiedDownload } from './signing/document-verification.service';
import { FILE_TYPES, Downloads, Replies } from '#server/common/openapi/replies';

/** Verifications (and downloads) per address per minute. */
export const VERIFICATIONS_PER_MINUTE = 30;

/** The citizens' side: no login, rate-limited per address in the coordination backend (shared by every instance). */
@Public()
@Controller('documents/:id/verify/:code')
export class DocumentVerificationController {
  private readonly limiter: RateLimiterStoreAbstract;

  constructor(
    private readonly verification: DocumentVerificationService,
    private readonly storage: FileStorageService,
    private readonly signing: DocumentSigningService,
    limits: RateLimits,
  ) {
    this.limiter = limits.limiter({ name: 'verify', points: VERIFICATIONS_PER_MINUTE, duration: 60 });
  }

  @Get()
  @Replies(verificationResultSchema)
  async verify(@Param('id') id: string, @Param('code') code: string, @Req() req: Request): Promise<VerificationResult> {
    await this.consume(req);
    return this.verification.verify(id, code);
  }

  /** The signed PDF if any, else the signed file as stored (the bytes its SHA-256 was taken of). */
  @Get('file')
  @Downloads(FILE_TYPES.pdf, FILE_TYPES.any)
  async file(
    @Param('id') id: string,
    @Param('code') code: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    await this.consume(req);
    const file = await this.verification.downloadable(id, code);
    if (!file) throw new NotFoundException(INVALID_SIGNATURE_MESSAGE);
    return this.send(res, { kind: 'stored', file });
  }

  /** 'Baixar PDF assinado': the PAdES PDF, else the stamped copy of a signed PDF or text (docs/documents.md#stamp). */
  @Get('pdf')
  @Downloads(FILE_TYPES.pdf)
  async pdf(
    @Param('id') id: string,
    @Param('code') code: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    await this.consume(req);
    const origin = this.signing.publicBaseUrl(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
    const download = await this.verification.signedPdf(id, code, origin);
    if (!download) throw new NotFoundException(INVALID_SIGNATURE_MESSAGE);
    return this.send(res, download);
  }

  private async send(res: Response, download: VerifiedDownload): Promise<StreamableFile> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const attachment = (name: string) =>
      contentDisposition(name, { type: 'attachment', fallback: asciiFallbackName(name) });
    if (download.kind === 'stamped') {
      return new StreamableFile(download.pdf, {
        type: 'application/pdf',
        length: download.pdf.length,
        disposition: attachment(download.name),
      });
    }
    const { file } = download;
    return new StreamableFile(await this.storage.createReadStream(file.storedName), {
      type: file.mimeType,
      length: file.sizeBytes,
      disposition: attachment(file.originalName),
    });
  }

  private async consume(req: Request): Promise<void> {
    try {
      await this.limiter.consume(req.ip ?? 'unknown');
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new HttpException(
        `Muitas verificações a partir deste endereço. Aguarde ${seconds} segundos e tente novamente.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
