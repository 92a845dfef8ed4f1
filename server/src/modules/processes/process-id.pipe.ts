import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { isValidNup } from './nup';

export const INVALID_PROCESS_ID = 'Número de processo inválido.';

/** Route parameter `:id` of a process: a well-formed NUP with correct check digits, else 400. */
export class ProcessIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isValidNup(value)) throw new BadRequestException(INVALID_PROCESS_ID);
    return value;
  }
}
