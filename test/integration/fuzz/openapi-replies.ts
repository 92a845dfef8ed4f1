import type { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface MediaTypes {
  content?: Record<string, { schema?: object }>;
}

/** "METHOD /api/path/{param}" and the operation of every route in the document. */
export function operationsOf(document: OpenAPIObject): { route: string; operation: OperationObject }[] {
  return Object.entries(document.paths as Record<string, PathItemObject>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation: item[method]!,
    })),
  );
}

/**
 * The documented route a request reaches ("METHOD /api/path/{param}"), or null: URL
 * normalisation may send a request elsewhere than the route it was made for (an empty or `%2e%2e`
 * segment, a trailing slash). Literal segments win over parameters, as the controllers declare them.
 */
export function routeMatcher(document: OpenAPIObject) {
  const routes = operationsOf(document)
    .map(({ route }) => {
      const [method, path] = route.split(' ');
      const params = (path.match(/\{/g) ?? []).length;
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return { route, method, params, pattern };
    })
    .sort((a, b) => a.params - b.params);
  return (method: string, pathname: string): string | null => {
    // Express routing is not strict: `/api/documents/` reaches `/api/documents`.
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    return routes.find((r) => r.method === method && r.pattern.test(path))?.route ?? null;
  };
}

/**
 * Why a route's declared replies are incomplete, or null when they are not: it needs a 2xx
 * response, and every 2xx response other than 204 needs a media type with a schema.
 */
export function missingReplySchema(operation: OperationObject): string | null {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  if (!success.length) return 'nenhuma resposta 2xx declarada';
  for (const [status, response] of success) {
    if (status === '204') continue;
    const content = Object.entries((response as MediaTypes).content ?? {});
    if (!content.length) return `a resposta ${status} não declara conteúdo`;
    const bare = content.find(([, media]) => !media.schema);
    if (bare) return `a resposta ${status} (${bare[0]}) não tem esquema`;
  }
  return null;
}

/**
 * Checks live replies against the document's declared responses with ajv (components resolved):
 * 2xx replies against their status's response, JSON errors against theirs or `default` (ApiError).
 * `check` answers null when the reply matches, else what is wrong: a 2xx status the route does not
 * declare, a media type it does not declare, or a JSON body off its schema.
 */
export function replyChecker(document: OpenAPIObject) {
  const schemas = document.components?.schemas ?? {};
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const operations = new Map(operationsOf(document).map(({ route, operation }) => [route, operation]));

  return (route: string, status: number, contentType: string, body: string): string | null => {
    const operation = operations.get(route);
    if (!operation) return `${route} não está no documento`;
    const mediaType = contentType.split(';')[0].trim();
    const isError = status >= 400;
    // Errors without a JSON body come from below the app (e.g. Node's 431 for huge headers).
    if (isError && mediaType !== 'application/json') return null;
    const declared = (operation.responses?.[String(status)] ?? (isError ? operation.responses?.default : undefined)) as
      MediaTypes | undefined;
    if (!declared) {
      return status >= 200 && status < 300 ? `${route} respondeu ${status}, que não está declarado` : null;
    }
    if (!declared.content) return status < 300 ? `${route} ${status}: nenhum conteúdo declarado` : null;
    const content = declared.content;
    if (!content[mediaType] && !content['application/octet-stream']) {
      return `${route} ${status} respondeu ${mediaType || 'sem Content-Type'}; declarado: ${Object.keys(content).join(', ')}`;
    }
    const schema = content[mediaType]?.schema;
    if (mediaType !== 'application/json' || !schema) return null;
    const key = `${route} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      // The components travel with the schema, so its `#/components/schemas/…` refs resolve.
      validate = ajv.compile({ ...schema, components: { schemas } });
      validators.set(key, validate);
    }
    if (validate(JSON.parse(body))) return null;
    return `${route} ${status}: resposta fora do esquema: ${ajv.errorsText(validate.errors, { separator: '; ' })}`;
  };
}
