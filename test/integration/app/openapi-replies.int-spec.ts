import type { OpenAPIObject } from '@nestjs/swagger';
import { missingReplySchema, operationsOf, replyChecker } from '#test/integration/fuzz/openapi-replies';
import { createNotification } from '#test/factories/notifications';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createMaterial, createOrderViaApi } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/**
 * Routes that may answer 2xx without a body. None today; a redirect or a 204 route goes here
 * with the reason.
 */
const WITHOUT_REPLY_SCHEMA = new Map<string, string>();

/** Reply schemas in the OpenAPI document, and live replies against them (README, Decisions › API documentation). */
describe('OpenAPI reply schemas', () => {
  const { server } = useServerSuite();
  let document: OpenAPIObject;
  let check: ReturnType<typeof replyChecker>;

  beforeAll(async () => {
    document = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as OpenAPIObject;
    check = replyChecker(document);
  });

  it('declares a reply schema (JSON) or media type (files) for the 2xx answer of every route', () => {
    const missing = operationsOf(document).flatMap(({ route, operation }) => {
      const problem = WITHOUT_REPLY_SCHEMA.has(route) ? null : missingReplySchema(operation);
      return problem
        ? [
            `${route}: ${problem}. Declare-a no método do controller com @Replies(<esquema zod do contrato>[, 201|202]) ` +
              `(JSON; o esquema fica em server/src/contracts) ` +
              `ou @Downloads(FILE_TYPES.<tipo>) para arquivos.`,
          ]
        : [];
    });
    expect(missing).toEqual([]);
  });

  it('puts the shared views under components and resolves every reference', () => {
    const schemas = document.components!.schemas!;
    for (const name of ['UserView', 'ProcessSummary', 'ProcessView', 'DocumentView', 'NotificationView']) {
      expect(schemas[name]).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(schemas.PurchaseOrderView).toMatchObject({ required: expect.arrayContaining(['orderNumber', 'items']) });
    const refs = JSON.stringify(document).match(/#\/components\/schemas\/[\w-]+/g) ?? [];
    const unresolved = [...new Set(refs)].filter((ref) => !schemas[ref.split('/').pop()!]);
    expect(unresolved).toEqual([]);
    // Files are declared by media type, not as JSON.
    const pdf = document.paths['/api/purchase-orders/{id}/pdf'].get!.responses['200'] as { content: object };
    expect(Object.keys(pdf.content)).toEqual(['application/pdf']);
    const exported = document.paths['/api/reports/{type}/export/{format}'].get!.responses['200'] as {
      content: object;
    };
    expect(Object.keys(exported.content)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(document.paths['/api/logs/export'].get!.responses)).toContain('202');
    // Errors: every operation's `default` is ApiError, and so is the 403 of a role.
    const error = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
    for (const { operation } of operationsOf(document)) {
      expect(operation.responses.default).toMatchObject({ content: error });
    }
    expect(document.paths['/api/users'].post!.responses['403']).toMatchObject({ content: error });
  });

  it('documents the query parameters the filter parsers read', () => {
    const query = (path: string) =>
      Object.fromEntries(
        (document.paths[path].get!.parameters as { name: string; in: string; required?: boolean; schema?: object }[])
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, { required: p.required, ...p.schema }]),
      );
    expect(query('/api/search').q).toMatchObject({ required: true, type: 'string', maxLength: 200 });
    expect(query('/api/logs')).toMatchObject({ action: { enum: expect.arrayContaining(['login']) }, page: {} });
    expect(Object.keys(query('/api/reports/{type}'))).toEqual(
      expect.arrayContaining(['startDate', 'endDate', 'department', 'userId', 'requesterId']),
    );
    expect(query('/api/purchase-orders').status).toMatchObject({ enum: expect.arrayContaining(['pending']) });
    expect(query('/api/material-items').isActive).toMatchObject({ type: 'boolean' });
    expect(query('/api/calendar/deadline')).toMatchObject({
      from: expect.not.objectContaining({ required: true }),
      days: { required: true },
      unit: { enum: ['business', 'calendar'] },
    });
  });

  it('matches live replies of every module (reads and writes), status included', async () => {
    await createUser(server.dataSource, { username: 'schema.admin', role: 'admin', department: 'Gabinete' });
    const operator = await createUser(server.dataSource, {
      username: 'schema.op',
      department: 'Infraestrutura',
      level: 'Chefia',
      phone: '(11) 4000-0000',
    });
    const admin = await login(server.url, 'schema.admin', TEST_PASSWORD);
    const operatorSession = await login(server.url, 'schema.op', TEST_PASSWORD);
    const problems: string[] = [];
    /** Calls the route, expects `status` and checks the reply against the document. */
    const call = async (
      route: string,
      path: string,
      status: number,
      body?: unknown,
      token = admin.token,
    ): Promise<any> => {
      const [method] = route.split(' ');
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== status) problems.push(`${route}: ${res.status} em vez de ${status}: ${text.slice(0, 300)}`);
      const mismatch = check(route, res.status, res.headers.get('content-type') ?? '', text);
      if (mismatch) problems.push(mismatch);
      return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    };

    // Data for every view: a confidential process with a response, a requester and a protocol,
    // a document linked to it and signed, a purchase order, a notification, audit rows.
    const process = await createProcessViaApi(server.url, operatorSession.token, {
      destinationDepartment: 'Gabinete',
      confidential: true,
      confidentialAccess: [operator.id],
      requester: { name: 'Maria Cidadã', document: '529.982.247-25', phone: '(11) 3000-0000' },
      isNewRequester: true,
      protocolData: { type: 'external', priority: 'high', subject: 'Iluminação' },
    });
    const id = pid(process.id);
    await call('POST /api/processes/{id}/response-simple', `/processes/${id}/response-simple`, 200, {
      response: 'Equipe enviada.',
    });
    const poda = await call('POST /api/processes', '/processes', 201, {
      subject: 'Poda de árvore',
      description: 'Árvore na fiação.',
      destinationDepartment: 'Infraestrutura',
      requester: { name: 'João Cidadão', document: '111.444.777-35', phone: '(11) 3000-0001' },
      isNewRequester: true,
    });
    const reissued = await call(
      'POST /api/processes/{id}/access-code',
      `/processes/${pid(poda.process.id)}/access-code`,
      200,
    );
    await call('PATCH /api/processes/{id}/requester', `/processes/${pid(poda.process.id)}/requester`, 200, {
      emailUpdates: false,
    });
    await call('GET /api/processes/{id}/receipt', `/processes/${pid(poda.process.id)}/receipt`, 200);
    await call('POST /api/public/tracking', '/public/tracking', 200, {
      number: poda.process.id,
      code: reissued.process.accessCode,
    });
    await call('POST /api/protocol', '/protocol', 201, {
      subject: 'Protocolo externo',
      description: 'Pedido de informação.',
      destinationDepartment: 'Jurídico',
    });
    const doc = await call('POST /api/documents', '/documents', 201, {
      title: 'Ofício 1',
      content: 'Texto do ofício.',
      processId: process.id,
    });
    const signed = await call('POST /api/documents/{id}/sign', `/documents/${doc.id}/sign`, 200, {
      signatureType: 'simple',
      certificateType: 'password',
      password: TEST_PASSWORD,
    });
    const material = await createMaterial(server.dataSource);
    const order = await createOrderViaApi(server.url, operatorSession.token, [material.id], {
      deliveryExpected: '2099-01-31',
    });
    await createNotification(server.dataSource, admin.user.id);
    const [notification] = (await call('GET /api/notifications', '/notifications', 200)).notifications;
    const created = await call('POST /api/users', '/users', 201, {
      username: 'schema.novo',
      name: 'Novo Servidor',
      email: 'novo@prefeitura.test',
      department: 'Jurídico',
    });
    const [log] = (await call('GET /api/logs', '/logs?limit=5', 200)).logs;

    await call('GET /api/health', '/health', 200);
    await call('GET /api/auth/me', '/auth/me', 200);
    await call('GET /api/users', '/users', 200);
    await call('GET /api/users', '/users', 200, undefined, operatorSession.token);
    await call('GET /api/users/for-reports', '/users/for-reports', 200);
    await call('POST /api/users/{id}/reset-password', `/users/${created.user.id}/reset-password`, 200);
    await call('GET /api/profile', '/profile', 200);
    await call('PUT /api/profile', '/profile', 200, { displayName: null, preferences: { theme: 'dark' } });
    await call('GET /api/departments', '/departments', 200);
    await call('GET /api/calendar/holidays', '/calendar/holidays?year=2026', 200, undefined, operatorSession.token);
    await call('GET /api/calendar/deadline', '/calendar/deadline?from=2026-02-13&days=1&unit=business', 200);
    await call('GET /api/logs/detail/{id}', `/logs/detail/${log._id}`, 200);
    await call('GET /api/logs/stats', '/logs/stats', 200);
    await call('GET /api/logs/verify', '/logs/verify', 200);
    await call('GET /api/logs/export', '/logs/export', 202);
    await call('PATCH /api/notifications/{id}/read', `/notifications/${notification.id}/read`, 200);
    await call('PATCH /api/notifications/read-all', '/notifications/read-all', 200);
    await call('GET /api/processes', '/processes', 200);
    await call('GET /api/processes/stats', '/processes/stats', 200);
    await call('GET /api/processes/{id}', `/processes/${id}`, 200);
    await call('GET /api/protocol', '/protocol', 200);
    await call('GET /api/requesters/search', '/requesters/search?query=Maria', 200);
    await call('PATCH /api/processes/{id}/toggle-confidential', `/processes/${id}/toggle-confidential`, 200, {
      confidential: true,
      confidentialAccess: [operator.id],
    });
    await call('GET /api/documents', '/documents', 200);
    await call('GET /api/documents/pending-signatures', '/documents/pending-signatures', 200);
    await call('GET /api/documents/{id}', `/documents/${doc.id}`, 200);
    await call(
      'GET /api/documents/{id}/verify/{code}',
      `/documents/${doc.id}/verify/${encodeURIComponent(signed.verificationCode)}`,
      200,
    );
    await call('GET /api/documents/{id}/verify/{code}', `/documents/${doc.id}/verify/nao-existe`, 200);
    await call('GET /api/uploads/{file}/content', `/uploads/${doc.fileName}/content`, 200);
    await call('GET /api/dashboard', '/dashboard', 200);
    await call('GET /api/search', '/search?q=Ilumina%C3%A7%C3%A3o', 200);
    await call('GET /api/purchase-orders', '/purchase-orders', 200);
    await call('GET /api/purchase-orders/stats', '/purchase-orders/stats', 200);
    await call('GET /api/purchase-orders/{id}', `/purchase-orders/${order.id}`, 200);
    await call('PATCH /api/purchase-orders/{id}/status', `/purchase-orders/${order.id}/status`, 200, {
      status: 'approved',
    });
    await call('GET /api/material-items', '/material-items', 200);
    await call('GET /api/reports/unique-requesters', '/reports/unique-requesters', 200);
    for (const type of ['processes', 'documents', 'requesters', 'deadlines']) {
      await call('GET /api/reports/{type}', `/reports/${type}`, 200);
    }
    await call('GET /api/reports/{type}', `/reports/users?userId=${operator.id}`, 200);
    await call('GET /api/reports/{type}', `/reports/requesters?requesterId=${process.requesterExternal!.id}`, 200);

    // Writes of every module: their status and reply shape.
    await call('POST /api/auth/login', '/auth/login', 200, { username: 'schema.op', password: TEST_PASSWORD });
    await call('PUT /api/profile/email', '/profile/email', 200, {
      password: TEST_PASSWORD,
      newEmail: 'schema.admin@prefeitura.test',
    });
    const department = await call('POST /api/departments', '/departments', 201, { name: 'Esquemas' });
    await call('PUT /api/departments/{id}', `/departments/${department.id}`, 200, { name: 'Esquemas 2' });
    await call('DELETE /api/departments/{id}', `/departments/${department.id}`, 200);
    await call('POST /api/calendar/holidays', '/calendar/holidays', 201, {
      date: '2026-08-14',
      name: 'Aniversário da Cidade',
      kind: 'municipal',
    });
    await call('GET /api/calendar/added-days', '/calendar/added-days?year=2026', 200);
    await call('DELETE /api/calendar/holidays/{date}', '/calendar/holidays/2026-08-14', 200);
    await call('PUT /api/users/{id}', `/users/${created.user.id}`, 200, { name: 'Outro Nome' });
    await call('PATCH /api/users/{id}/status', `/users/${created.user.id}/status`, 200, { status: 'inactive' });
    await call('DELETE /api/users/{id}', `/users/${created.user.id}`, 200);
    const draft = await call('POST /api/documents', '/documents', 201, { title: 'Minuta', content: 'Rascunho.' });
    await call('PATCH /api/documents/{id}', `/documents/${draft.id}`, 200, { title: 'Minuta 2', content: 'Texto.' });
    await call('PUT /api/uploads/{file}/content', `/uploads/${draft.fileName}/content`, 200, { content: 'Novo.' });
    await call('PUT /api/documents/{id}/signing-flow', `/documents/${draft.id}/signing-flow`, 200, {
      userIds: [operator.id],
    });
    await call('PATCH /api/documents/{id}/status', `/documents/${draft.id}/status`, 200, { status: 'submitted' });
    const blockDoc = await call('POST /api/documents', '/documents', 201, { title: 'Portaria', content: 'Art. 1º' });
    const block = await call('POST /api/signature-blocks', '/signature-blocks', 201, {
      name: 'Atos do dia',
      documentIds: [blockDoc.id],
      signers: [admin.user.id],
    });
    await call('GET /api/signature-blocks', '/signature-blocks', 200);
    await call('GET /api/signature-blocks/{id}', `/signature-blocks/${block.id}`, 200);
    await call('POST /api/signature-blocks/{id}/sign', `/signature-blocks/${block.id}/sign`, 200, {
      signatureType: 'simple',
      certificateType: 'password',
      password: TEST_PASSWORD,
    });
    const other = await createProcessViaApi(server.url, admin.token, { destinationDepartment: 'Infraestrutura' });
    await call('POST /api/processes/{id}/forward', `/processes/${pid(other.id)}/forward`, 200, {
      destinationDepartment: 'Jurídico',
      comment: 'Para parecer.',
      returnDeadline: { days: 5 },
    });
    const deadlineOf = (action: string) =>
      [`POST /api/processes/{id}/${action}`, `/processes/${pid(other.id)}/${action}`] as const;
    await call(...deadlineOf('deadline'), 200, { days: 10, unit: 'business' });
    await call(...deadlineOf('suspend'), 200, { reason: 'Aguardando documento.' });
    await call(...deadlineOf('resume'), 200);
    await call(...deadlineOf('extend'), 200, { days: 2, justification: 'Férias do responsável.' });
    await call('POST /api/processes/{id}/finalize', `/processes/${pid(other.id)}/finalize`, 200, {
      finalResponse: 'Atendido.',
    });
    const newMaterial = await call('POST /api/material-items', '/material-items', 201, {
      name: 'Detergente',
      unit: 'Litro',
      category: 'Limpeza',
    });
    await call('POST /api/purchase-orders', '/purchase-orders', 201, {
      items: [{ materialItem: newMaterial.material.id, quantity: 2 }],
      justification: 'Limpeza do prédio.',
    });
    await call('DELETE /api/notifications/{id}', `/notifications/${notification.id}`, 200);
    await call('DELETE /api/notifications/read', '/notifications/read', 200);
    await call('POST /api/health/worker-echo', '/health/worker-echo', 202, { message: 'ping' });
    await call('DELETE /api/processes/{id}', `/processes/${id}`, 200);

    // Errors: ApiError, under the declared status (403 of a role) or `default`.
    await call('GET /api/processes/{id}', `/processes/${id}`, 404);
    await call('GET /api/search', '/search', 400);
    await call('GET /api/calendar/deadline', '/calendar/deadline?from=2026-02-13&days=-1', 400);
    await call('DELETE /api/calendar/holidays/{date}', '/calendar/holidays/2026-12-25', 409);
    await call('POST /api/users', '/users', 403, { username: 'x' }, operatorSession.token);
    await call('GET /api/documents/{id}', '/documents/00000000-0000-4000-8000-000000000000', 404);
    expect(problems).toEqual([]);
  });
});
