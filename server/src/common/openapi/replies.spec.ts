import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { apiErrorSchema, messageResponseSchema } from '#server/contracts/auth';
import { departmentViewSchema } from '#server/contracts/departments';
import { healthResponseSchema, workerEchoResponseSchema } from '#server/contracts/health';
import { notificationBulkResponseSchema } from '#server/contracts/notifications';
import { toggleConfidentialResponseSchema } from '#server/contracts/processes';
import { materialItemViewSchema, purchaseOrderHistoryEntrySchema } from '#server/contracts/purchase-orders';
import { resetPasswordResponseSchema, userListResponseSchema } from '#server/contracts/users';
import { REPLY_COMPONENTS, zodReplySchema } from './replies';

/** The reply schemas compile under ajv (strict) and mean what the contracts say. */
describe('reply schemas', () => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  // The component schemas travel under `components`, as in the OpenAPI document.
  ajv.addVocabulary(['components']);
  const compile = (schema: object) => ajv.compile({ ...schema, components: { schemas: REPLY_COMPONENTS } });

  it('describe the shared error and message bodies as the filter and the actions write them', () => {
    const error = compile(zodReplySchema(apiErrorSchema));
    expect(error({ statusCode: 404, message: 'Processo não encontrado.', error: 'Not Found' })).toBe(true);
    expect(error({ statusCode: 429, message: 'Muitas tentativas.', error: 'Too Many Requests', code: 'x' })).toBe(true);
    expect(error({ statusCode: 200, message: 'ok', error: 'OK' })).toBe(false);
    expect(error({ statusCode: 400, message: '', error: 'Bad Request' })).toBe(false);
    expect(error({ statusCode: 400, message: 'x', error: 'Bad Request', stack: 'at …' })).toBe(false);
    const message = compile(zodReplySchema(messageResponseSchema));
    expect(message({ message: 'Usuário excluído com sucesso.' })).toBe(true);
    expect(message({ message: '' })).toBe(false);
    expect(message({})).toBe(false);
  });

  it('accept null only where the contract is nullable, also behind a reference', () => {
    const toggle = compile(zodReplySchema(toggleConfidentialResponseSchema));
    expect(toggle({ message: 'Sigilo removido do processo.', process: null })).toBe(true);
    expect(toggle({ message: 'Sigilo removido do processo.', process: {} })).toBe(false);
    const department = compile(zodReplySchema(departmentViewSchema));
    const id = '5b0e5d6e-6f4b-4c4a-9c43-0d7f4a2b9a11';
    expect(department({ _id: id, id, name: 'Gabinete', description: null })).toBe(true);
    expect(department({ _id: id, id, name: null, description: null })).toBe(false);
  });

  it('refuse missing and unknown properties and values outside the enums', () => {
    const bulk = compile(zodReplySchema(notificationBulkResponseSchema));
    expect(bulk({ affected: 1, unreadCount: 0 })).toBe(true);
    expect(bulk({ affected: 1 })).toBe(false);
    expect(bulk({ affected: 1, unreadCount: 0, extra: true })).toBe(false);
    const queued = compile(zodReplySchema(workerEchoResponseSchema));
    expect(queued({})).toBe(true);
    const health = compile(zodReplySchema(healthResponseSchema));
    const time = new Date().toISOString();
    const coordination = { backend: 'postgres', status: 'up' };
    expect(health({ status: 'ok', database: 'up', coordination, time })).toBe(true);
    expect(health({ status: 'bad', database: 'up', coordination, time })).toBe(false);
    expect(health({ status: 'ok', database: 'up', coordination: { backend: 'memcached', status: 'up' }, time })).toBe(
      false,
    );
    // The field it replaced is refused: a client reading `redis` would be reading nothing.
    expect(health({ status: 'ok', database: 'up', coordination, redis: 'up', time })).toBe(false);
  });

  it('tell the alternatives of a reply apart (an empty list is a valid user list)', () => {
    const users = compile(zodReplySchema(userListResponseSchema));
    expect(users([])).toBe(true);
    const reset = compile(zodReplySchema(resetPasswordResponseSchema));
    expect(reset({ emailed: true })).toBe(true);
    expect(reset({ emailed: false, tempPassword: 'Ab12cd34' })).toBe(true);
    expect(reset({ emailed: true, tempPassword: 'Ab12cd34' })).toBe(false);
    expect(reset({ emailed: false })).toBe(false);
  });

  it('read null where nullable, also behind a reference to a named view', () => {
    const entry = compile(zodReplySchema(purchaseOrderHistoryEntrySchema));
    const fields = { to: 'approved', userName: 'Ana', userDepartment: 'Pedidos', reviewComments: '' };
    const date = new Date().toISOString();
    expect(entry({ from: null, ...fields, date })).toBe(true);
    expect(entry({ from: 'pending', ...fields, date })).toBe(true);
    expect(entry({ from: 'lost', ...fields, date })).toBe(false);
    expect(entry({ from: null, ...fields, date, extra: 1 })).toBe(false);
    const holder = compile(zodReplySchema(z.strictObject({ material: materialItemViewSchema.nullable() })));
    expect(holder({ material: null })).toBe(true);
    expect(holder({ material: {} })).toBe(false);
  });
});
