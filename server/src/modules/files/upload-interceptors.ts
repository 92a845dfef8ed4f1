import {
  applyDecorators,
  Inject,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { AnyFilesInterceptor, FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import { ApiConsumes, ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import { diskStorage } from 'multer';
import { catchError, concatMap, from, mergeMap, type Observable, throwError } from 'rxjs';
import { AppConfig } from '#server/config/config.module';
import type { Env } from '#server/config/env';
import { temporaryDirectory } from '#server/domain/files/storage-paths';
import { fileTooLarge, MAX_FILES_PER_REQUEST, maxUploadBytes } from '#server/domain/files/upload-limits';

/**
 * Multer settings for every upload: files stream to STORAGE_DIR/tmp (never held in memory;
 * FileStorageService checks them there and moves them into place), at most MAX_UPLOAD_MB each and
 * 10 per request. Browsers send UTF-8 file names without a charset parameter; busboy would read
 * them as latin1 ("OfÃ­cio.pdf"), so UTF-8 is the default.
 */
export function multerOptions(config: Pick<Env, 'STORAGE_DIR' | 'MAX_UPLOAD_MB'>): MulterOptions {
  return {
    storage: diskStorage({
      destination: (_req, _file, callback) => {
        const dir = temporaryDirectory(config.STORAGE_DIR);
        mkdir(dir, { recursive: true }).then(
          () => callback(null, dir),
          (error: Error) => callback(error, dir),
        );
      },
      filename: (_req, _file, callback) => callback(null, `upload-${randomUUID()}`),
    }),
    limits: { fileSize: maxUploadBytes(config.MAX_UPLOAD_MB), files: MAX_FILES_PER_REQUEST, fieldSize: 1024 * 1024 },
    defParamCharset: 'utf8',
  };
}

/** Multer's English errors in pt-BR: 413 with the configured limit, 400 otherwise. */
function translate(error: unknown, maxUploadMb: number): unknown {
  if (!(error instanceof HttpException)) return error;
  if (error instanceof PayloadTooLargeException) return fileTooLarge(maxUploadMb);
  if (error.message.startsWith('Too many files')) {
    return new BadRequestException(`Envie no máximo ${MAX_FILES_PER_REQUEST} arquivos por vez.`);
  }
  return new BadRequestException('Não foi possível ler o envio de arquivos. Verifique o formulário e tente novamente.');
}

/** Deletes the request's temporary upload files that the handler did not move into storage. */
async function removeTemporaryFiles(req: Request): Promise<void> {
  const files = [req.file, ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())];
  const paths = files.flatMap((file) => (file?.path ? [file.path] : []));
  await Promise.all(
    paths.map((path) =>
      unlink(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}

/**
 * Wraps one of Nest's multer interceptors: it is built when the app starts (so the size limit
 * reflects the injected AppConfig), and only errors raised while multer reads the request are
 * translated; the handler's own errors pass untouched. Whatever the outcome, no temporary file
 * of the request survives it.
 */
function withUploadErrors(build: (options: MulterOptions) => Type<NestInterceptor>): Type<NestInterceptor> {
  class UploadInterceptor implements NestInterceptor {
    private readonly inner: NestInterceptor;

    constructor(@Inject(AppConfig) private readonly config: AppConfig) {
      this.inner = new (build(multerOptions(config)))();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<Request>();
      let handled: Observable<unknown>;
      try {
        handled = (await this.inner.intercept(context, next)) as Observable<unknown>;
      } catch (error) {
        await removeTemporaryFiles(req);
        throw translate(error, this.config.MAX_UPLOAD_MB);
      }
      return handled.pipe(
        concatMap((value) => from(removeTemporaryFiles(req).then(() => value))),
        catchError((error: unknown) => from(removeTemporaryFiles(req)).pipe(mergeMap(() => throwError(() => error)))),
      );
    }
  }
  return mixin(UploadInterceptor);
}

/** OpenAPI: the route takes multipart (its DTO's fields as text fields) with files in `field`. */
const documentsUpload = (field: string) =>
  applyDecorators(ApiConsumes('multipart/form-data', 'application/json'), ApiExtension('x-file-fields', [field]));

/** One file in multipart field `field` → `@UploadedFile() file: Express.Multer.File`. */
export const UploadFile = (field = 'file') =>
  applyDecorators(
    UseInterceptors(withUploadErrors((options) => FileInterceptor(field, options))),
    documentsUpload(field),
  );

/** Up to `maxCount` files in field `field` → `@UploadedFiles() files: Express.Multer.File[]`. */
export const UploadFiles = (field: string, maxCount = MAX_FILES_PER_REQUEST) =>
  applyDecorators(
    UseInterceptors(withUploadErrors((options) => FilesInterceptor(field, maxCount, options))),
    documentsUpload(field),
  );

/** Files in any field (e.g. `attachments[0]`, `file`) → `@UploadedFiles() files: Express.Multer.File[]`. */
export const UploadAnyFiles = () =>
  applyDecorators(UseInterceptors(withUploadErrors((options) => AnyFilesInterceptor(options))), documentsUpload('*'));
