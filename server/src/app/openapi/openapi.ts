import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type express from 'express';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { REPLY_COMPONENTS, zodReplySchema } from '#server/common/openapi/replies';
import { apiErrorSchema } from '#server/contracts/auth';
import type { Env } from '#server/config/env';
import { AuthenticatorService } from '#server/modules/auth/authenticator.service';

export const OPENAPI_UI_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

/**
 * The OpenAPI 3 document of every route, from the controllers and their validated DTOs: the
 * contracts' zod schemas (nestjs-zod DTOs, tidied by cleanupOpenApiDoc).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('SEMGI API')
    .setDescription(
      'API do Sistema de Gestão Municipal. Autenticação: Bearer (token de acesso de POST /api/auth/login); ' +
        'rotas públicas declaram security vazio. Erros: { statusCode, message } com mensagem em português.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  return withErrorReplies(withReplyComponents(cleanupOpenApiDoc(document)));
}

/** Adds the shared reply views (referenced by the routes' @Replies schemas) to components.schemas. */
function withReplyComponents(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const clash = Object.keys(REPLY_COMPONENTS).find((name) => name in schemas);
  if (clash) throw new Error(`OpenAPI: o esquema de resposta ${clash} tem o nome de um DTO.`);
  return { ...document, components: { ...document.components, schemas: { ...schemas, ...REPLY_COMPONENTS } } };
}

const ERROR_CONTENT = { 'application/json': { schema: zodReplySchema(apiErrorSchema) } };

/**
 * Every route answers its errors as ApiError (HttpExceptionFilter): the `default` response of
 * every operation says so, and the error responses declared without a body (403 of @Roles) get it.
 */
function withErrorReplies(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const responses = item[method]?.responses;
      if (!responses) continue;
      for (const [status, response] of Object.entries(responses)) {
        if (/^[45]\d\d$/.test(status) && response && !('$ref' in response)) response.content ??= ERROR_CONTENT;
      }
      responses.default ??= {
        description: 'Erro: { statusCode, message (em português), error }.',
        content: ERROR_CONTENT,
      };
    }
  }
  return document;
}

/**
 * Serves the document at /api/docs/openapi.json and Swagger UI at /api/docs. Outside production
 * anyone may read them; in production only an admin's access token (Authorization: Bearer) opens
 * either, since the document maps every route an attacker could try. The document is built on
 * the first request.
 */
export function serveOpenApi(app: INestApplication, env: Pick<Env, 'NODE_ENV'>): void {
  if (env.NODE_ENV === 'production') {
    const authenticator = app.get(AuthenticatorService);
    app.use(OPENAPI_UI_PATH, (req: express.Request, res: express.Response, next: express.NextFunction) => {
      const header = req.get('authorization');
      const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
      authenticator.authenticate(token).then((user) => {
        if (!user) return res.status(401).json({ statusCode: 401, message: 'Sessão expirada ou inválida.' });
        if (user.role !== 'admin') {
          return res
            .status(403)
            .json({ statusCode: 403, message: 'A documentação da API é restrita a administradores.' });
        }
        next();
      }, next);
    });
  }
  let document: OpenAPIObject | undefined;
  SwaggerModule.setup(OPENAPI_UI_PATH.slice(1), app, () => (document ??= buildOpenApiDocument(app)), {
    useGlobalPrefix: false,
    jsonDocumentUrl: OPENAPI_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'SEMGI API',
  });
}
