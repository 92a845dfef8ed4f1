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

/**
 * Validates a body or query against its DTO and answers in pt-BR: a DTO made from a contract's zod
 * schema (createZodDto) is parsed by that schema; a class-validator DTO rejects unknown fields and
 * is converted to its class. Both answer the same 400 body with the first problem's message.
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!isZodDto(metadata.metatype)) return super.transform(value, metadata);
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
