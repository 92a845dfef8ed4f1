import { BadRequestException } from '@nestjs/common';
import { PROCESS_MESSAGES as M } from '#server/contracts/validation-messages';
import { createValidationPipe } from '#server/common/pipes/validation.pipe';
import { protocolRecord, requesterChoice } from '../process-creation';
import { CreateProcessDto } from './create-process.dto';
import { RespondProcessDto } from './respond-process.dto';

const pipe = createValidationPipe();
const validate = <T>(metatype: new () => T, value: unknown): Promise<T> =>
  pipe.transform(value, { type: 'body', metatype, data: '' }) as Promise<T>;

async function messageOf(metatype: new () => unknown, value: unknown): Promise<string> {
  try {
    await validate(metatype, value);
  } catch (error) {
    return ((error as BadRequestException).getResponse() as { message: string }).message;
  }
  throw new Error('expected a validation error');
}

const base = { subject: 'Assunto', description: 'Descrição', destinationDepartment: 'Financeiro' };
const USER = '11111111-1111-4111-8111-111111111111';
const newRequester = { name: 'Ana', document: '1', phone: '9' };

describe('CreateProcessDto (docs/processes.md#validation, in its order)', () => {
  it.each<[Record<string, unknown>, string]>([
    [{}, M.titleRequired],
    [{ subject: '  ', description: '' }, M.titleRequired],
    [{ subject: 42 }, M.titleRequired],
    [{ subject: 'A' }, M.descriptionRequired],
    [{ subject: 'A', description: 'B' }, M.destinationRequired],
    [{ ...base, confidential: true }, M.confidentialNeedsUser],
    [{ ...base, confidential: 'true', confidentialAccess: null }, M.confidentialNeedsUser],
    [{ ...base, confidential: true, confidentialAccess: ['x'] }, M.confidentialAccessList],
    [{ ...base, confidential: true, confidentialAccess: 'x' }, M.confidentialAccessList],
    [{ ...base, isNewRequester: true }, M.requesterNameRequired],
    [{ ...base, isNewRequester: true, requester: {} }, M.requesterNameRequired],
    [{ ...base, requester: { isNewRequester: 'true', name: 'Z' } }, M.requesterDocumentRequired],
    [{ ...base, isNewRequester: true, requester: { name: 'Z', document: '1' } }, M.requesterPhoneRequired],
    [{ ...base, isNewRequester: true, requester: { ...newRequester, emailUpdates: 'sim' } }, M.emailUpdatesInvalid],
    [{ ...base, isNewRequester: true, requester: { ...newRequester, emailUpdates: 1 } }, M.emailUpdatesInvalid],
    [{ ...base, isNewRequester: true, requester: { ...newRequester, emailUpdates: true } }, M.emailUpdatesNeedsEmail],
    [{ ...base, requesterExternal: 'abc' }, M.externalRequesterNotFound],
    [{ ...base, requesterId: 'abc' }, M.requesterNotFound],
    [{ ...base, protocolData: 'x' }, M.protocolDataInvalid],
    [{ ...base, protocolData: [] }, M.protocolDataInvalid],
    [{ ...base, protocolData: { dueDate: '2000-01-01' } }, M.dueDateBeforeToday],
    [{ ...base, protocolData: { dueDate: '31/12/2099' } }, M.dueDateInvalid],
    [{ ...base, protocolData: { dueDate: '2099-13-45' } }, M.dueDateInvalid],
    [{ ...base, protocolData: { dueDate: 20991231 } }, M.dueDateInvalid],
    [{ ...base, protocolData: { priority: 'máxima' } }, M.protocolDataInvalid],
    [{ ...base, protocolData: { dueDate: '2000-01-01', priority: 'máxima' } }, M.dueDateBeforeToday],
    [{ ...base, subject: 'x'.repeat(301) }, M.titleTooLong],
    [{ ...base, description: 'x'.repeat(20_001) }, M.descriptionTooLong],
    [{ ...base, extra: 1 }, 'O campo "extra" não é permitido.'],
  ])('%j → %s', async (body, message) => {
    expect(await messageOf(CreateProcessDto, body)).toBe(message);
  });

  it('ignores the requester and access lists that do not apply', async () => {
    const dto = await validate(CreateProcessDto, {
      ...base,
      confidentialAccess: ['não é id'],
      requester: { name: '' },
      requesterExternal: '  ',
      requesterId: USER,
    });
    expect(dto.confidential).toBe(false);
    expect(requesterChoice(dto)).toEqual({ kind: 'user', userId: USER });
    expect(protocolRecord(dto, { required: false })).toBeNull();
  });

  it('trims, accepts `title`, drops duplicate users and cuts requester fields', async () => {
    const dto = await validate(CreateProcessDto, {
      title: '  Pedido ',
      description: ' Texto ',
      destinationDepartment: ' Financeiro ',
      originDepartment: 'ignorado',
      confidential: 'true',
      confidentialAccess: [USER, USER],
      isNewRequester: 'true',
      requester: { name: ' Ana ', document: '1'.repeat(40), phone: '9', email: ' ', department: 'ONG' },
    });
    expect(dto).toMatchObject({
      subject: 'Pedido',
      description: 'Texto',
      destinationDepartment: 'Financeiro',
      confidentialAccess: [USER],
    });
    expect(requesterChoice(dto)).toEqual({
      kind: 'new-external',
      requester: {
        name: 'Ana',
        document: '1'.repeat(30),
        phone: '9',
        email: null,
        department: 'ONG',
        emailUpdates: false,
      },
    });
  });

  it("reads 'Receber atualizações por e-mail' as a boolean or its multipart text", async () => {
    const dto = await validate(CreateProcessDto, {
      ...base,
      isNewRequester: true,
      requester: { ...newRequester, email: 'ana@cidadao.test', emailUpdates: 'true' },
    });
    expect(requesterChoice(dto)).toMatchObject({ requester: { email: 'ana@cidadao.test', emailUpdates: true } });
  });

  it('applies the protocol defaults of docs/processes.md#fields', async () => {
    const plain = await validate(CreateProcessDto, base);
    expect(protocolRecord(plain, { required: true })).toEqual({
      type: 'internal',
      status: 'pending',
      priority: 'normal',
      dueDate: null,
      subject: 'Assunto',
    });
    const dto = await validate(CreateProcessDto, {
      ...base,
      protocolData: { type: 'external', status: '', priority: 'urgent', dueDate: '2099-12-31T10:00', subject: ' P ' },
    });
    expect(protocolRecord(dto, { required: false })).toEqual({
      type: 'external',
      status: 'pending',
      priority: 'urgent',
      dueDate: '2099-12-31',
      subject: 'P',
    });
  });
});

describe('RespondProcessDto', () => {
  it('requires a text after trimming and limits its length', async () => {
    expect(await messageOf(RespondProcessDto, {})).toBe(M.responseRequired);
    expect(await messageOf(RespondProcessDto, { response: '   ' })).toBe(M.responseRequired);
    expect(await messageOf(RespondProcessDto, { response: 'x'.repeat(20_001) })).toBe(M.responseTooLong);
    expect((await validate(RespondProcessDto, { response: ' Ok ' })).response).toBe('Ok');
  });
});
