import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';

/** Files accepted in one multipart request. */
export const MAX_FILES_PER_REQUEST = 10;

/** `maxUploadMb`: the configured MAX_UPLOAD_MB. */
export function maxUploadBytes(maxUploadMb: number): number {
  return Math.floor(maxUploadMb * 1024 * 1024);
}

export function fileTooLarge(maxUploadMb: number): PayloadTooLargeException {
  const mb = new Intl.NumberFormat('pt-BR').format(maxUploadMb);
  return new PayloadTooLargeException(`Arquivo grande demais. O tamanho máximo é ${mb} MB.`);
}

export function fileTypeNotAllowed(): UnsupportedMediaTypeException {
  return new UnsupportedMediaTypeException('Tipo de arquivo não permitido.');
}
