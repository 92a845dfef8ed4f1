import { BadRequestException } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { BODY_NOT_AN_OBJECT, createValidationPipe } from './validation.pipe';

/** A contract's zod schema. */
class SampleSchemaDto extends createZodDto(
  z.strictObject({
    name: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.'),
    code: z.string().max(3),
    items: z.array(z.strictObject({ quantity: z.number().optional() })).optional(),
  }),
) {}

const validate = (value: unknown, metatype: new () => unknown = SampleSchemaDto) =>
  createValidationPipe().transform(value, { type: 'body', metatype, data: '' }) as Promise<unknown>;

async function messageOf(value: unknown, metatype?: new () => unknown): Promise<string> {
  try {
    await validate(value, metatype);
  } catch (error) {
    return ((error as BadRequestException).getResponse() as { message: string }).message;
  }
  throw new Error('expected a validation error');
}

describe('validation pipe with a contract schema', () => {
  it('answers the schema’s own message and its parsed output', async () => {
    await expect(messageOf({ name: '  ', code: 'a' }, SampleSchemaDto)).resolves.toBe('Informe o nome.');
    await expect(validate({ name: ' x ', code: 'a' }, SampleSchemaDto)).resolves.toEqual({ name: 'x', code: 'a' });
  });

  it('answers the shared pt-BR texts naming the field where the schema gives none', async () => {
    await expect(messageOf({ name: 'x', code: 'abcd' }, SampleSchemaDto)).resolves.toBe(
      'O campo "code" excede o tamanho máximo permitido.',
    );
    await expect(messageOf({ name: 'x', code: 'a', items: [{ quantity: 'um' }] }, SampleSchemaDto)).resolves.toBe(
      'O campo "items.0.quantity" deve ser um número.',
    );
  });

  it('rejects unknown fields first', async () => {
    await expect(messageOf({ name: '', code: 'a', role: 'admin' }, SampleSchemaDto)).resolves.toBe(
      'O campo "role" não é permitido.',
    );
  });
});

describe('validation pipe with a body that is no object', () => {
  it.each([
    ['a list', [{ name: 'x', code: 'a' }]],
    ['null', null],
    ['a text', 'x'],
    ['a number', 1],
  ])('answers that the body must be an object when it is %s', async (_what, value) => {
    await expect(messageOf(value, SampleSchemaDto)).resolves.toBe(BODY_NOT_AN_OBJECT);
  });

  it('answers the same for a missing body', async () => {
    await expect(messageOf(undefined, SampleSchemaDto)).resolves.toBe(BODY_NOT_AN_OBJECT);
  });

  it('reads a form’s fields (an object without prototype); values of no DTO pass untouched', async () => {
    const fields = Object.assign(Object.create(null) as object, { name: 'x', code: 'a' });
    await expect(validate(fields, SampleSchemaDto)).resolves.toEqual({ name: 'x', code: 'a' });
    const pipe = createValidationPipe();
    await expect(pipe.transform(['a'], { type: 'body', metatype: Array, data: 'list' })).resolves.toEqual(['a']);
    await expect(pipe.transform('7', { type: 'param', metatype: String, data: 'id' })).resolves.toBe('7');
  });
});
