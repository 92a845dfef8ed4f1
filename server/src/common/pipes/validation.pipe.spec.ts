import { BadRequestException } from '@nestjs/common';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { createValidationPipe } from './validation.pipe';

class SampleDto {
  @IsString()
  @IsNotEmpty({ message: 'Informe o nome.' })
  name: string;

  @IsString()
  @MaxLength(3)
  code: string;
}

const validate = (value: unknown) =>
  createValidationPipe().transform(value, { type: 'body', metatype: SampleDto, data: '' });

async function messageOf(value: unknown): Promise<string> {
  try {
    await validate(value);
  } catch (error) {
    return ((error as BadRequestException).getResponse() as { message: string }).message;
  }
  throw new Error('expected a validation error');
}

describe('validation pipe', () => {
  it('keeps a DTO’s own pt-BR message', async () => {
    await expect(messageOf({ name: '', code: 'a' })).resolves.toBe('Informe o nome.');
  });

  it('translates class-validator defaults to pt-BR', async () => {
    await expect(messageOf({ name: 'x', code: 'abcd' })).resolves.toBe(
      'O campo "code" excede o tamanho máximo permitido.',
    );
  });

  it('rejects unknown fields', async () => {
    await expect(messageOf({ name: 'x', code: 'a', role: 'admin' })).resolves.toBe('O campo "role" não é permitido.');
  });
});
