import {
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
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';
import { fileTooLarge, MAX_FILES_PER_REQUEST, maxUploadBytes } from './upload-limits';

/**
 * Multer settings for every upload: files stay in memory (FileStorageService checks and writes
 * them), at most MAX_UPLOAD_MB each and 10 per request. Browsers send UTF-8 file names without a
 * charset parameter; busboy would read them as latin1 ("OfÃ­cio.pdf"), so UTF-8 is the default.
 */
export function multerOptions(): MulterOptions {
  return {
    storage: memoryStorage(),
    limits: { fileSize: maxUploadBytes(), files: MAX_FILES_PER_REQUEST, fieldSize: 1024 * 1024 },
    defParamCharset: 'utf8',
  };
}

/** Multer's English errors in pt-BR: 413 with the configured limit, 400 otherwise. */
function translate(error: unknown): unknown {
  if (!(error instanceof HttpException)) return error;
  if (error instanceof PayloadTooLargeException) return fileTooLarge();
  if (error.message.startsWith('Too many files')) {
    return new BadRequestException(`Envie no máximo ${MAX_FILES_PER_REQUEST} arquivos por vez.`);
  }
  return new BadRequestException('Não foi possível ler o envio de arquivos. Verifique o formulário e tente novamente.');
}

/**
 * Wraps one of Nest's multer interceptors: it is built when the app starts (so the size limit
 * reflects the environment then), and only errors raised while multer reads the request are
 * translated; the handler's own errors pass untouched.
 */
function withUploadErrors(build: (options: MulterOptions) => Type<NestInterceptor>): Type<NestInterceptor> {
  class UploadInterceptor implements NestInterceptor {
    private readonly inner: NestInterceptor = new (build(multerOptions()))();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return (await this.inner.intercept(context, next)) as Observable<unknown>;
      } catch (error) {
        throw translate(error);
      }
    }
  }
  return mixin(UploadInterceptor);
}

/** One file in multipart field `field` → `@UploadedFile() file: Express.Multer.File`. */
export const UploadFile = (field = 'file') =>
  UseInterceptors(withUploadErrors((options) => FileInterceptor(field, options)));

/** Up to `maxCount` files in field `field` → `@UploadedFiles() files: Express.Multer.File[]`. */
export const UploadFiles = (field: string, maxCount = MAX_FILES_PER_REQUEST) =>
  UseInterceptors(withUploadErrors((options) => FilesInterceptor(field, maxCount, options)));

/** Files in any field (e.g. `attachments[0]`, `file`) → `@UploadedFiles() files: Express.Multer.File[]`. */
export const UploadAnyFiles = () => UseInterceptors(withUploadErrors((options) => AnyFilesInterceptor(options)));
