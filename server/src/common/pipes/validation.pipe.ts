import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { isZodDto } from 'nestjs-zod/dto';
import { FIELD_MESSAGES, parseContract } from '#server/contracts/validation-messages';

function firstMessage(errors: ValidationError[], parent = ''): string | undefined {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    for (const [name, text] of Object.entries(constraints)) {
      // class-validator's default texts are English and start with the property name.
      const isDefault = text.startsWith(`${error.property} `) || text.startsWith(`property ${error.property}`);
      if (!isDefault) return text;
      return (FIELD_MESSAGES[name as keyof typeof FIELD_MESSAGES] ?? FIELD_MESSAGES.invalid)(field);
    }
    const nested = firstMessage(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** A request body a DTO reads is a JSON object (or a form's fields): a list or a bare value names no field. */
export const BODY_NOT_AN_OBJECT = 'O corpo da requisição deve ser um objeto JSON.';

const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a body or query against its DTO and answers in pt-BR: a DTO made from a contract's zod
 * schema (createZodDto) is parsed by that schema; a class-validator DTO rejects unknown fields and
 * is converted to its class. Both answer the same 400 body with the first problem's message, and a
 * body that is no object (a list, a bare value) the same BODY_NOT_AN_OBJECT.
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const zod = isZodDto(metadata.metatype);
    // A missing body reaches a class-validator DTO as {} (Nest's own rule); a schema has nothing to read.
    const wholeBody = metadata.type === 'body' && !metadata.data && this.toValidate(metadata);
    if (wholeBody && !isRecord(value) && (zod || value !== undefined)) {
      throw new BadRequestException(BODY_NOT_AN_OBJECT);
    }
    if (!zod) return super.transform(value, metadata);
    const result = parseContract(metadata.metatype.schema as Parameters<typeof parseContract>[0], value);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.data;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ContractValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors) ?? 'Dados inválidos.'),
  });
}
