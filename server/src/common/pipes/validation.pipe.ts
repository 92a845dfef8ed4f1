import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '#server/contracts/validation-messages';

/** pt-BR text for class-validator constraints that carry no message of their own. */
const MESSAGES: Record<string, (field: string) => string> = {
  whitelistValidation: (f) => `O campo "${f}" não é permitido.`,
  isNotEmpty: (f) => `O campo "${f}" é obrigatório.`,
  isDefined: (f) => `O campo "${f}" é obrigatório.`,
  isString: (f) => `O campo "${f}" deve ser um texto.`,
  isBoolean: (f) => `O campo "${f}" deve ser verdadeiro ou falso.`,
  isInt: (f) => `O campo "${f}" deve ser um número inteiro.`,
  isNumber: (f) => `O campo "${f}" deve ser um número.`,
  isArray: (f) => `O campo "${f}" deve ser uma lista.`,
  isIn: (f) => `O valor do campo "${f}" não é válido.`,
  isEnum: (f) => `O valor do campo "${f}" não é válido.`,
  isUuid: (f) => `O campo "${f}" deve ser um identificador válido.`,
  isEmail: () => ACCOUNT_MESSAGES.invalidEmail,
  isDateString: (f) => `O campo "${f}" deve ser uma data válida.`,
  isIso8601: (f) => `O campo "${f}" deve ser uma data válida.`,
  maxLength: (f) => `O campo "${f}" excede o tamanho máximo permitido.`,
  minLength: (f) => `O campo "${f}" é curto demais.`,
  arrayMaxSize: (f) => `A lista "${f}" tem itens demais.`,
  arrayMinSize: (f) => `A lista "${f}" precisa de pelo menos um item.`,
  min: (f) => `O campo "${f}" está abaixo do mínimo permitido.`,
  max: (f) => `O campo "${f}" está acima do máximo permitido.`,
  matches: (f) => `O campo "${f}" está em um formato inválido.`,
};

function firstMessage(errors: ValidationError[], parent = ''): string | undefined {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    for (const [name, text] of Object.entries(constraints)) {
      // class-validator's default texts are English and start with the property name.
      const isDefault = text.startsWith(`${error.property} `) || text.startsWith(`property ${error.property}`);
      if (!isDefault) return text;
      return (MESSAGES[name] ?? ((f: string) => `O campo "${f}" é inválido.`))(field);
    }
    const nested = firstMessage(error.children ?? [], field);
    if (nested) return nested;
  }
  return undefined;
}

/** Rejects unknown fields, converts payloads to DTO classes, and answers in pt-BR. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors) ?? 'Dados inválidos.'),
  });
}
