import { generateKeyPairSync } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import { resetEnvCache } from '#server/config/env';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { login, type RunningServer } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * "METHOD /path/{param}" of every route Nest registered on Express: Swagger's own and the
 * catch-all handlers (every method of /api and /api/{*path}) excluded.
 */
function registeredRoutes(server: RunningServer): string[] {
  const express = server.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  return express.router.stack
    .flatMap((layer) =>
      layer.route && Object.keys(layer.route.methods).length === 1
        ? Object.keys(layer.route.methods).map(
            (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
          )
        : [],
    )
    .filter((route) => !route.includes(' /api/docs'));
}

const documentedRoutes = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

/** OpenAPI document of the whole API at /api/docs (README, Decisions › API documentation). */
describe('OpenAPI document', () => {
  describe('outside production', () => {
    const { server } = useServerSuite();
    let document: OpenAPIObject;

    beforeAll(async () => {
      const res = await fetch(`${server.url}/api/docs/openapi.json`);
      expect(res.status).toBe(200);
      document = (await res.json()) as OpenAPIObject;
    });

    it('is readable by anyone, with Swagger UI under the app CSP', async () => {
      expect(document.openapi).toMatch(/^3\./);
      const ui = await fetch(`${server.url}/api/docs`);
      expect(ui.status).toBe(200);
      const html = await ui.text();
      expect(html).toContain('swagger-ui');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    });

    it('lists every route Nest serves', () => {
      const routes = registeredRoutes(server);
      expect(routes.length).toBeGreaterThan(40);
      expect(documentedRoutes(document).sort()).toEqual(expect.arrayContaining(routes.sort()));
    });

    it('says which routes are public and which need a bearer token or a role', () => {
      expect(document.security).toEqual([{ bearer: [] }]);
      expect(document.paths['/api/auth/login'].post!.security).toEqual([]);
      expect(document.paths['/api/health'].get!.security).toEqual([]);
      expect(document.paths['/api/documents'].get!.security).toBeUndefined();
      expect((document.paths['/api/users'].post as unknown as Record<string, unknown>)['x-roles']).toEqual(['admin']);
    });

    it('describes request bodies and queries from the DTOs', () => {
      const schemas = document.components!.schemas as Record<string, any>;
      const createDocument = schemas.CreateDocumentDto;
      expect(createDocument.required).toEqual(expect.arrayContaining(['title', 'content']));
      expect(createDocument.properties.title).toMatchObject({ type: 'string', maxLength: 200 });
      expect(createDocument.properties.description).toMatchObject({ type: 'string', maxLength: 500 });
      expect(createDocument.properties.confidentialAccess).toMatchObject({
        type: 'array',
        items: { type: 'string', format: 'uuid' },
      });
      expect(schemas.SignDocumentDto.properties.signatureType.enum).toEqual(['simple', 'qualified']);
      expect(
        schemas.UpdateProfileDto.properties.preferences.allOf ?? schemas.UpdateProfileDto.properties.preferences,
      ).toEqual(expect.anything());
      const list = document.paths['/api/notifications'].get!.parameters as { name: string; in: string }[];
      expect(list.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:page', 'query:limit']));
      const upload = document.paths['/api/documents/upload'].post!;
      expect(Object.keys((upload.requestBody as { content: object }).content)).toContain('multipart/form-data');
    });
  });

  describe('in production', () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, SIGNING_PRIVATE_KEY: process.env.SIGNING_PRIVATE_KEY };
    const { server } = useServerSuite({
      before: () => {
        const { privateKey } = generateKeyPairSync('ed25519');
        process.env.NODE_ENV = 'production';
        process.env.SIGNING_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
        resetEnvCache();
      },
      after: () => {
        process.env.NODE_ENV = saved.NODE_ENV;
        if (saved.SIGNING_PRIVATE_KEY === undefined) delete process.env.SIGNING_PRIVATE_KEY;
        else process.env.SIGNING_PRIVATE_KEY = saved.SIGNING_PRIVATE_KEY;
        resetEnvCache();
      },
    });

    beforeAll(async () => {
      await createUser(server.dataSource, { username: 'admin.docs', role: 'admin' });
      await createUser(server.dataSource, { username: 'op.docs' });
    });

    it('is readable only with an admin access token', async () => {
      const admin = await login(server.url, 'admin.docs', TEST_PASSWORD);
      const operator = await login(server.url, 'op.docs', TEST_PASSWORD);
      for (const path of ['/api/docs/openapi.json', '/api/docs', '/api/docs/swagger-ui-init.js']) {
        expect((await fetch(`${server.url}${path}`)).status).toBe(401);
        const asOperator = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${operator.token}` },
        });
        expect(asOperator.status).toBe(403);
        const asAdmin = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
        expect(asAdmin.status).toBe(200);
      }
    });
  });
});
