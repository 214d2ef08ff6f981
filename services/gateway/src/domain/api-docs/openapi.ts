import { SESSION_COOKIE, pathParamNames, type EndpointDefinition } from '@shm/contracts';
import { fieldsOf, templatePath, toJsonSchema } from './json-schema';

export interface OpenApiOptions {
  /** The public origin people call, e.g. http://localhost:8080. */
  serverUrl: string;
  version: string;
}

const operationId = (e: EndpointDefinition) =>
  e.method.toLowerCase() +
  e.path
    .replace(/^\/api\//, '/')
    .split(/[/\-.:]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

function parametersOf(endpoint: EndpointDefinition) {
  const path = endpoint.pathParams ? fieldsOf(toJsonSchema(endpoint.pathParams, 'input')) : [];
  const params: Record<string, unknown>[] = pathParamNames(endpoint.path).map((name) => {
    const field = path.find((f) => f.name === name);
    return { name, in: 'path', required: true, schema: field?.schema ?? { type: 'string' }, ...(field?.schema.description ? { description: field.schema.description } : {}) };
  });
  if (endpoint.query) {
    for (const field of fieldsOf(toJsonSchema(endpoint.query, 'input'))) {
      params.push({ name: field.name, in: 'query', required: field.required, schema: field.schema, ...(field.schema.description ? { description: field.schema.description } : {}) });
    }
  }
  return params;
}

function operationOf(endpoint: EndpointDefinition) {
  const parameters = parametersOf(endpoint);
  return {
    operationId: operationId(endpoint),
    tags: [endpoint.category],
    summary: endpoint.title,
    description: endpoint.authentication ? `${endpoint.description}\n\nAuthentication: ${endpoint.authentication}` : endpoint.description,
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.adminOnly ? { security: [{ adminBearer: [] }] } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toJsonSchema(endpoint.body, 'input'),
                ...(endpoint.bodyExample === undefined ? {} : { example: endpoint.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      endpoint.responses.map((r) => [
        String(r.status),
        {
          description: r.description,
          ...(r.schema || r.example !== undefined
            ? {
                content: {
                  'application/json': {
                    ...(r.schema ? { schema: toJsonSchema(r.schema, 'output') } : {}),
                    ...(r.example === undefined ? {} : { example: r.example }),
                  },
                },
              }
            : {}),
        },
      ]),
    ),
  };
}

/** An OpenAPI 3.1 document of every endpoint in the registry. */
export function buildOpenApi(endpoints: EndpointDefinition[], { serverUrl, version }: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    (paths[templatePath(e.path)] ??= {})[e.method.toLowerCase()] = operationOf(e);
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Shardeum Node Economics API',
      version,
      description:
        'Validator-node economics for Shardeum (SHM, chain id 8118). All POST bodies and all replies are JSON; errors reply `{ "error": { "code", "message", "requestId" } }`. Admin endpoints need a bearer token from the admin challenge and are limited to 20 requests per 15 minutes per IP.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(endpoints.map((e) => e.category))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        adminBearer: { type: 'http', scheme: 'bearer', description: 'adminToken from POST /api/admin/auth/verify' },
        walletSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/verify' },
      },
    },
  };
}
