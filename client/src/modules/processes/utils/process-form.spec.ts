import { DEADLINE_MESSAGES, type ExternalRequesterView, type UserLookup } from '@contracts';
import {
  buildCreateProcessRequest,
  INITIAL_PROCESS_FORM,
  PROCESS_FORM_MESSAGES as M,
  processFormWarnings,
  validateProcessForm,
  withRequesterMode,
  type ProcessFormValues,
} from './process-form';
import { EMPTY_DEADLINE } from '@/modules/deadlines/utils/deadline-form';

const today = new Date(2025, 4, 10, 15, 30);
const USER = '5b0e5d6e-6f4b-4c4a-9c43-0d7f4a2b9a11';
const external: ExternalRequesterView = {
  _id: 'ext-1',
  id: 'ext-1',
  name: 'Maria Souza',
  document: '123.456.789-09',
  phone: '(11) 98888-7777',
  emailUpdates: false,
  email: null,
  department: null,
};
const valid: ProcessFormValues = {
  ...INITIAL_PROCESS_FORM,
  title: 'Reparo de calçada',
  description: 'Calçada quebrada na Rua A',
  destinationDepartment: 'Infraestrutura',
};

/** The message of the first failing rule (its field is checked below). */
const messageOf = (form: ProcessFormValues, day: Date) => validateProcessForm(form, day)?.message ?? null;

describe('validateProcessForm', () => {
  it('reports the rules in the order of the spec, one at a time', () => {
    let form: ProcessFormValues = {
      ...INITIAL_PROCESS_FORM,
      confidential: true,
      requesterMode: 'new',
      deadline: { ...EMPTY_DEADLINE, mode: 'date', date: '2025-05-09' },
    };
    const seen: (string | null)[] = [];
    const fixes: ((f: ProcessFormValues) => ProcessFormValues)[] = [
      (f) => ({ ...f, title: 'Título' }),
      (f) => ({ ...f, description: 'Descrição' }),
      (f) => ({ ...f, destinationDepartment: 'Jurídico' }),
      (f) => ({ ...f, confidentialAccess: [USER] }),
      (f) => ({ ...f, newRequester: { ...f.newRequester, name: 'João' } }),
      (f) => ({ ...f, newRequester: { ...f.newRequester, document: '12.345.678/0001-90' } }),
      (f) => ({ ...f, newRequester: { ...f.newRequester, phone: '(11) 3333-4444' } }),
      (f) => ({ ...f, deadline: { ...f.deadline, date: '2025-05-10' } }),
    ];
    seen.push(messageOf(form, today));
    for (const fix of fixes) {
      form = fix(form);
      seen.push(messageOf(form, today));
    }
    expect(seen).toEqual([
      M.title,
      M.description,
      M.destination,
      M.confidentialUsers,
      M.requesterName,
      M.requesterDocument,
      M.requesterPhone,
      DEADLINE_MESSAGES.dateInPast,
      null,
    ]);
  });

  it('names the field each message belongs to', () => {
    expect(validateProcessForm({ ...valid, title: '' }, today)?.field).toBe('title');
    expect(validateProcessForm({ ...valid, confidential: true }, today)?.field).toBe('confidentialAccess');
    expect(validateProcessForm({ ...valid, requesterMode: 'new' }, today)?.field).toBe('requesterName');
    expect(
      validateProcessForm({ ...valid, deadline: { ...EMPTY_DEADLINE, mode: 'date', date: '2025-05-09' } }, today)
        ?.field,
    ).toBe('deadline');
  });

  it('uses the exact pt-BR texts of the spec', () => {
    expect(M.title).toBe('O título é obrigatório');
    expect(M.description).toBe('A descrição é obrigatória');
    expect(M.destination).toBe('O setor de destino é obrigatório');
    expect(M.confidentialUsers).toBe('Para processos sigilosos, selecione pelo menos um usuário com acesso.');
    expect(M.requesterName).toBe('Por favor, informe o nome do solicitante.');
    expect(M.requesterDocument).toBe('Por favor, informe o CPF/CNPJ do solicitante.');
    expect(M.requesterPhone).toBe('Por favor, informe o telefone do solicitante.');
  });

  it('treats whitespace as empty', () => {
    expect(messageOf({ ...valid, title: '   ' }, today)).toBe(M.title);
  });

  it('needs a chosen user or external requester in those modes; e-mail and department stay optional', () => {
    expect(messageOf({ ...valid, requesterMode: 'user' }, today)).toBe(M.requesterUser);
    expect(messageOf({ ...valid, requesterMode: 'external' }, today)).toBe(M.requesterExternal);
    expect(
      messageOf(
        {
          ...valid,
          requesterMode: 'new',
          newRequester: { name: 'A', document: '1', phone: '2', email: '', department: '', emailUpdates: false },
        },
        today,
      ),
    ).toBeNull();
  });
});

describe('processFormWarnings', () => {
  const users: UserLookup[] = [
    { _id: 'u1', name: 'Ana', department: 'Financeiro', email: 'ana@x.gov.br', phone: null },
    { _id: 'u2', name: 'Bia', department: 'Financeiro', email: 'bia@x.gov.br', phone: '1199999' },
  ];

  it('warns about a system user without phone, and not about one with a phone', () => {
    expect(processFormWarnings({ ...valid, requesterMode: 'user', requesterUserId: 'u1' }, users)).toEqual([
      'Atenção: O telefone do usuário selecionado precisa ser preenchido.',
    ]);
    expect(processFormWarnings({ ...valid, requesterMode: 'user', requesterUserId: 'u2' }, users)).toEqual([]);
  });

  it('warns about an external requester lacking document or phone', () => {
    expect(processFormWarnings({ ...valid, requesterMode: 'external', requesterExternal: external }, users)).toEqual(
      [],
    );
    expect(
      processFormWarnings(
        { ...valid, requesterMode: 'external', requesterExternal: { ...external, phone: '' } },
        users,
      ),
    ).toEqual([M.externalIncomplete]);
  });
});

describe('withRequesterMode', () => {
  it('resets every requester field when the mode changes', () => {
    const filled: ProcessFormValues = {
      ...valid,
      requesterMode: 'new',
      requesterUserId: 'u1',
      requesterExternal: external,
      newRequester: { name: 'A', document: 'B', phone: 'C', email: 'D', department: 'E', emailUpdates: true },
    };
    const switched = withRequesterMode(filled, 'user');
    expect(switched.requesterMode).toBe('user');
    expect(switched.requesterUserId).toBe('');
    expect(switched.requesterExternal).toBeNull();
    expect(switched.newRequester).toEqual({
      name: '',
      document: '',
      phone: '',
      email: '',
      department: '',
      emailUpdates: false,
    });
    expect(switched.title).toBe(valid.title);
  });
});

describe('buildCreateProcessRequest', () => {
  it('sends no requester field for the creator mode and no access list when not confidential', () => {
    const request = buildCreateProcessRequest({ ...valid, confidentialAccess: ['u1'] }, 'Administração');
    expect(request).toEqual({
      subject: 'Reparo de calçada',
      description: 'Calçada quebrada na Rua A',
      originDepartment: 'Administração',
      destinationDepartment: 'Infraestrutura',
      confidential: false,
      protocolData: {
        type: 'internal',
        status: 'pending',
        priority: 'normal',
        subject: 'Reparo de calçada',
      },
    });
  });

  it('sends exactly one requester field per mode', () => {
    const user = buildCreateProcessRequest({ ...valid, requesterMode: 'user', requesterUserId: 'u2' }, 'X');
    expect(user.requesterId).toBe('u2');
    expect(user.requesterExternal ?? user.requester ?? user.isNewRequester).toBeUndefined();

    const existing = buildCreateProcessRequest(
      { ...valid, requesterMode: 'external', requesterExternal: external },
      'X',
    );
    expect(existing.requesterExternal).toBe('ext-1');
    expect(existing.requesterId ?? existing.requester ?? existing.isNewRequester).toBeUndefined();

    const created = buildCreateProcessRequest(
      {
        ...valid,
        requesterMode: 'new',
        newRequester: {
          name: ' João ',
          document: '123',
          phone: '456',
          email: '',
          department: 'ONG Bairro',
          emailUpdates: true,
        },
      },
      'X',
    );
    // Without an e-mail the checkbox means nothing: no updates asked (docs/processes.md#updates-by-e-mail).
    expect(created.requester).toEqual({
      name: 'João',
      document: '123',
      phone: '456',
      email: undefined,
      department: 'ONG Bairro',
      emailUpdates: false,
    });
    expect(created.isNewRequester).toBe(true);
    expect(created.requesterId ?? created.requesterExternal).toBeUndefined();

    const optedIn = buildCreateProcessRequest(
      {
        ...valid,
        requesterMode: 'new',
        newRequester: {
          name: 'Ana',
          document: '1',
          phone: '2',
          email: ' ana@x.com ',
          department: '',
          emailUpdates: true,
        },
      },
      'X',
    );
    expect(optedIn.requester).toMatchObject({ email: 'ana@x.com', emailUpdates: true });
  });

  it('includes the access list and the protocol data for a confidential process', () => {
    const request = buildCreateProcessRequest(
      {
        ...valid,
        confidential: true,
        confidentialAccess: ['u1', 'u2'],
        protocolType: 'external',
        protocolStatus: 'in-progress',
        protocolPriority: 'urgent',
      },
      'Gabinete',
    );
    expect(request.confidentialAccess).toEqual(['u1', 'u2']);
    expect(request.protocolData).toEqual({
      type: 'external',
      status: 'in-progress',
      priority: 'urgent',
      subject: 'Reparo de calçada',
    });
  });
});

describe('the optional process deadline', () => {
  const withDeadline = (deadline: Partial<ProcessFormValues['deadline']>): ProcessFormValues => ({
    ...valid,
    deadline: { ...valid.deadline, ...deadline },
  });

  it('sends none by default, {days, unit} or {date} when asked', () => {
    expect(buildCreateProcessRequest(valid, 'Gabinete').deadline).toBeUndefined();
    expect(buildCreateProcessRequest(withDeadline({ mode: 'days', days: 20 }), 'Gabinete').deadline).toEqual({
      days: 20,
      unit: 'calendar',
    });
    expect(buildCreateProcessRequest(withDeadline({ mode: 'date', date: '2025-06-02' }), 'Gabinete').deadline).toEqual({
      date: '2025-06-02',
    });
  });

  it("points the contract's messages at the deadline field, after the required fields", () => {
    expect(validateProcessForm(withDeadline({ mode: 'days', days: 0 }), today)).toEqual({
      field: 'deadline',
      message: DEADLINE_MESSAGES.daysInvalid,
    });
    expect(validateProcessForm(withDeadline({ mode: 'date', date: '2025-05-09' }), today)).toEqual({
      field: 'deadline',
      message: DEADLINE_MESSAGES.dateInPast,
    });
    expect(validateProcessForm({ ...withDeadline({ mode: 'days' }), title: ' ' }, today)?.field).toBe('title');
    expect(validateProcessForm(withDeadline({ mode: 'days', days: 5, unit: 'business' }), today)).toBeNull();
  });
});
