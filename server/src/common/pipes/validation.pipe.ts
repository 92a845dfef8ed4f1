import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';
import { isZodDto } from 'nestjs-zod/dto';
import { parseContract } from '#server/contracts/validation-messages';

/** A request body a DTO reads is a JSON object (or a form's fields): a list or a bare value names no field. */
export const BODY_NOT_AN_OBJECT = 'O corpo da requisição deve ser um objeto JSON.';

const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a body or query string against its DTO, made from a contract's zod schema
 * (createZodDto), and answers in pt-BR: 400 with the first problem's message, or
 * BODY_NOT_AN_OBJECT for a body that is no object (missing, a list, a bare value). The schema's
 * output (trimmed, defaulted) is what the controller gets. Other parameters pass untouched: route
 * parameters have pipes of their own.
 */
class ContractValidationPipe implements PipeTransform {
  // Async like Nest's own ValidationPipe: a refusal is a rejected promise.
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!isZodDto(metadata.metatype)) return value;
    if (metadata.type === 'body' && !metadata.data && !isRecord(value)) {
      throw new BadRequestException(BODY_NOT_AN_OBJECT);
    }
    const result = parseContract(metadata.metatype.schema as Parameters<typeof parseContract>[0], value);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.data;
  }
}

export function createValidationPipe(): PipeTransform {
  return new ContractValidationPipe();
}
