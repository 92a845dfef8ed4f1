import { BadRequestException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { of } from 'rxjs';
import { JsonFieldBody } from './json-field-body.interceptor';

const NOT_JSON = 'O campo "data" deve conter os dados em JSON.';

function run(body: unknown): { body: unknown; handled: boolean } {
  const request = { body };
  const context = { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  let handled = false;
  const next: CallHandler = {
    handle: () => {
      handled = true;
      return of(null);
    },
  };
  void new (JsonFieldBody('data', NOT_JSON))().intercept(context, next);
  return { body: request.body, handled };
}

function refusal(body: unknown): string {
  try {
    run(body);
  } catch (error) {
    return ((error as BadRequestException).getResponse() as { message: string }).message;
  }
  throw new Error('expected a 400');
}

describe('JsonFieldBody', () => {
  it('makes the JSON of the field the body (multipart), and leaves a JSON body as it is', () => {
    const multipart = Object.assign(Object.create(null) as Record<string, unknown>, { data: '{"subject":"A"}' });
    expect(run(multipart)).toEqual({ body: { subject: 'A' }, handled: true });
    expect(run({ subject: 'B' })).toEqual({ body: { subject: 'B' }, handled: true });
  });

  it('refuses a field that is not a JSON object, and a body that is not an object', () => {
    expect(refusal({ data: '{não é json' })).toBe(NOT_JSON);
    expect(refusal({ data: '[1, 2]' })).toBe(NOT_JSON);
    expect(refusal({ data: 'null' })).toBe(NOT_JSON);
    expect(refusal([{ subject: 'A' }])).toBe('Dados inválidos.');
    expect(refusal(undefined)).toBe('Dados inválidos.');
  });
});
