import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { loadEnv } from '#server/config/env';

/** Files accepted in one multipart request. */
export const MAX_FILES_PER_REQUEST = 10;

export function maxUploadBytes(): number {
  return Math.floor(loadEnv().MAX_UPLOAD_MB * 1024 * 1024);
}

export function fileTooLarge(): PayloadTooLargeException {
  const mb = new Intl.NumberFormat('pt-BR').format(loadEnv().MAX_UPLOAD_MB);
  return new PayloadTooLargeException(`Arquivo grande demais. O tamanho máximo é ${mb} MB.`);
}

export function fileTypeNotAllowed(): UnsupportedMediaTypeException {
  return new UnsupportedMediaTypeException('Tipo de arquivo não permitido.');
}
