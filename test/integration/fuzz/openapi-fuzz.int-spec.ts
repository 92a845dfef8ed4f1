import type { OpenAPIObject, OperationObject, ParameterObject, PathItemObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { REPORT_TYPES } from '#server/contracts/reports';
import { createNotification } from '#test/factories/notifications';
import { createProcessViaApi } from '#test/factories/processes';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import {
  anyValue,
  bodyFor,
  nastyString,
  type Resolve,
  type Schema,
  useKnownValues,
} from './openapi-schema-arbitraries';
import { replyChecker, routeMatcher } from './openapi-replies';

/** Requests per run (at least 2,000). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
/** Each run draws a new seed (printed on failure); FUZZ_SEED=<seed> replays a failed run. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Routes left out because a request would end the fuzzers' own sessions (logout, password
 * changes), not because they are fragile: their own tests cover them.
 */
const SKIPPED = new Set([
  'POST /api/auth/logout',
  'PUT /api/profile/password',
  'POST /api/auth/change-temporary-password',
]);

/** What must never reach a client: stack frames, server paths, SQL and driver errors. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at [^\n]+\(?[^\s()]+:\d+:\d+\)?/],
  ['file path', /(?:\/(?:work|home|usr|srv|app|tmp)\/[\w.@-]+\/)|node_modules|[\w-]+\.(?:ts|js):\d+/],
  ['SQL', /\b(?:SELECT\s.+\sFROM|INSERT INTO|UPDATE\s+\w+\s+SET|DELETE FROM)\b/i],
  [
    'database error',
    /QueryFailedError|duplicate key value|violates [\w ]*constraint|syntax error at or near|relation "\w+"/,
  ],
];

interface Operation {
  method: string;
  path: string;
  operation: OperationObject;
}

interface FuzzRequest {
  as: 'admin' | 'operator';
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: { json: unknown } | { raw: string; contentType: string };
}

/** Bodies no schema describes: deep nesting, broken JSON, odd content types. */
const rawBody = fc.constantFrom(
  { raw: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, contentType: 'application/json' },
  { raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { raw: '{"title": "x",', contentType: 'application/json' },
  { raw: '{"title":"x"}', contentType: 'application/json; charset=bogus' },
  { raw: 'title=x&content=y', contentType: 'application/x-www-form-urlencoded' },
  { raw: '<a/>', contentType: 'application/xml' },
  { raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
);

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Live server fuzzed from its own OpenAPI document (README, Architecture). */
describe('OpenAPI-driven fuzzing', () => {
  const { server } = useServerSuite();
  const tokens = { admin: '', operator: '' };
  let document: OpenAPIObject;
  const pathValues: Record<string, string[]> = {};

  beforeAll(async () => {
    await createUser(server.dataSource, {
      username: 'fuzz.admin',
      role: 'admin',
      level: 'Chefia',
      department: 'Gabinete',
    });
    await createUser(server.dataSource, { username: 'fuzz.op', department: 'Infraestrutura', level: 'Chefia' });
    const victim = await createUser(server.dataSource, { username: 'fuzz.alvo' });
    tokens.admin = (await login(server.url, 'fuzz.admin', TEST_PASSWORD)).token;
    tokens.operator = (await login(server.url, 'fuzz.op', TEST_PASSWORD)).token;
    const process = await createProcessViaApi(server.url, tokens.operator, { destinationDepartment: 'Gabinete' });
    const doc = await api(server.url, 'POST', '/documents', {
      token: tokens.operator,
      body: { title: 'Fuzz', content: 'Texto.' },
    });
    const department = await api(server.url, 'POST', '/departments', { token: tokens.admin, body: { name: 'Fuzz' } });
    const fileName = String(doc.body.fileUrl).replace('/uploads/', '');
    const admin = await api(server.url, 'GET', '/auth/me', { token: tokens.admin });
    const notification = await createNotification(server.dataSource, admin.body.id);
    const [log] = (await api(server.url, 'GET', '/logs?limit=1', { token: tokens.admin })).body.logs;
    const junk = ['x', '0', '%2e%2e', '00000000-0000-4000-8000-000000000000', 'a'.repeat(300)];
    Object.assign(pathValues, {
      id: [
        encodeURIComponent(process.id),
        doc.body.id,
        victim.id,
        department.body.id ?? department.body.department?.id,
        notification.id,
        log._id,
        ...junk,
      ],
      // Valid report types reach the reports; export formats stay junk (no worker runs here).
      type: [...REPORT_TYPES, ...junk],
      file: [fileName, `${fileName}x`, '..%2F..%2Fpackage.json', ...junk],
      code: ['A'.repeat(32), ...junk],
    });
    const departments = fc.constantFrom('Gabinete', 'Infraestrutura', 'Financeiro', 'Jurídico');
    const users = fc.constantFrom(victim.id);
    useKnownValues({
      department: departments,
      destinationDepartment: departments,
      departmentAccess: fc.array(departments, { maxLength: 2 }),
      confidentialAccess: fc.array(users, { minLength: 1, maxLength: 1 }),
      userIds: fc.array(users, { maxLength: 1 }),
      requesterId: users,
      processId: fc.constant(process.id),
      password: fc.constant(TEST_PASSWORD),
      currentPassword: fc.constant(TEST_PASSWORD),
    });
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    document = (await res.json()) as OpenAPIObject;
  });

  it(`answers ${RUNS} generated requests without 5xx, leaks or replies off their schema`, async () => {
    const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
    const resolve: Resolve = (schema) => {
      let current = schema;
      while (current.$ref) current = schemas[current.$ref.replace('#/components/schemas/', '')];
      if (current.allOf?.length === 1) return resolve(current.allOf[0]);
      return current;
    };
    const checkReply = replyChecker(document);
    const routeOf = routeMatcher(document);

    const operations: Operation[] = Object.entries(document.paths as Record<string, PathItemObject>).flatMap(
      ([path, item]) =>
        (['get', 'post', 'put', 'patch', 'delete'] as const)
          .filter((method) => item[method] && !SKIPPED.has(`${method.toUpperCase()} ${path}`))
          .map((method) => ({ method: method.toUpperCase(), path, operation: item[method]! })),
    );

    const requestFor = (op: Operation): fc.Arbitrary<FuzzRequest> => {
      const parameters = (op.operation.parameters ?? []) as ParameterObject[];
      const pathParams = parameters.filter((p) => p.in === 'path');
      const queryParams = parameters.filter((p) => p.in === 'query' && p.name !== 'token');
      const pathArb = fc.tuple(
        ...pathParams.map((p) =>
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...(pathValues[p.name] ?? ['x'])) },
            { weight: 1, arbitrary: nastyString.map(percentEncoded) },
          ),
        ),
      );
      const queryArb = fc.record(
        Object.fromEntries(queryParams.map((p) => [p.name, anyValue((p.schema ?? {}) as Schema, resolve)])),
        { requiredKeys: [] },
      );
      const content = (op.operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const bodySchema = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
      const bodyArb: fc.Arbitrary<FuzzRequest['body']> = bodySchema
        ? fc.oneof(
            { weight: 9, arbitrary: bodyFor(bodySchema, resolve).map((json) => ({ json })) },
            { weight: 1, arbitrary: rawBody },
          )
        : op.method === 'GET' || op.method === 'DELETE'
          ? fc.constant(undefined)
          : fc.oneof(fc.constant(undefined), rawBody);
      return fc.record({
        as: fc.constantFrom('admin' as const, 'operator' as const),
        method: fc.constant(op.method),
        path: pathArb.map((values) =>
          pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, values[i]), op.path),
        ),
        query: queryArb,
        body: bodyArb,
      });
    };

    const statuses = new Map<number, number>();
    const routesAnswered = new Set<string>();
    const routesValidated = new Set<string>();
    let checkedReplies = 0;
    let checkedErrors = 0;
    /** Errors answered below the app, without a JSON body (e.g. Node's 431), by status. */
    const notJson = new Map<number, number>();
    const send = async (request: FuzzRequest) => {
      const url = new URL(`${server.url}${request.path}`);
      for (const [name, value] of Object.entries(request.query)) {
        url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      const headers: Record<string, string> = { authorization: `Bearer ${tokens[request.as]}` };
      let body: string | undefined;
      if (request.body && 'json' in request.body) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body.json);
      } else if (request.body) {
        headers['content-type'] = request.body.contentType;
        body = request.body.raw;
      }
      const res = await fetch(url, { method: request.method, headers, body });
      const reached = routeOf(request.method, url.pathname);
      return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '', reached };
    };

    const started = Date.now();
    const allOperations = fc
      .constantFrom(...operations)
      .chain((op) => requestFor(op).map((request) => ({ op, request })));
    await fc.assert(
      fc.asyncProperty(allOperations, async ({ op, request }) => {
        const reply = await send(request);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        expect(reply.status).toBeLessThan(500);
        for (const [what, pattern] of LEAKS) {
          if (pattern.test(reply.text))
            throw new Error(`${what} na resposta ${reply.status}: ${reply.text.slice(0, 500)}`);
        }
        routesAnswered.add(`${op.method} ${op.path}`);
        // The reply is checked against the route the URL reached (see routeMatcher).
        const route = reply.reached;
        if (!route) {
          if (reply.status < 300)
            throw new Error(`${request.method} ${request.path}: ${reply.status} fora das rotas documentadas`);
          return;
        }
        const mismatch = checkReply(route, reply.status, reply.type, reply.text);
        if (mismatch) throw new Error(mismatch);
        if (reply.status < 300) {
          checkedReplies += 1;
          routesValidated.add(route);
        } else if (reply.type.includes('json')) checkedErrors += 1;
        else notJson.set(reply.status, (notJson.get(reply.status) ?? 0) + 1);
      }),
      { numRuns: RUNS, seed: SEED, verbose: 1 },
    );

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const byClass = new Map<string, number>();
    for (const [status, n] of statuses)
      byClass.set(`${Math.floor(status / 100)}xx`, (byClass.get(`${Math.floor(status / 100)}xx`) ?? 0) + n);
    const classes = [...byClass.entries()].sort().map(([name, n]) => `${name}: ${n}`);
    const figures = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    process.stdout.write(
      `\n[fuzz] ${total} requisições em ${((Date.now() - started) / 1000).toFixed(1)} s — ${classes.join(', ')} ` +
        `(${figures.join(', ')}); ${routesAnswered.size} de ${operations.length} operações exercitadas, ` +
        `${routesValidated.size} com respostas 2xx validadas pelo esquema declarado (${checkedReplies} respostas); ` +
        `${checkedErrors} erros validados como ApiError (sem corpo JSON: ${JSON.stringify(Object.fromEntries(notJson))})\n`,
    );
    const unchecked = operations.map((op) => `${op.method} ${op.path}`).filter((route) => !routesValidated.has(route));
    process.stdout.write(`[fuzz] sem resposta 2xx nesta execução: ${unchecked.join(', ')}\n`);
    expect(total).toBeGreaterThanOrEqual(RUNS);
    expect(checkedReplies).toBeGreaterThan(0);
  });
});
