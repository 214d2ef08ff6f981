import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import Ajv2020 from 'ajv/dist/2020';
import { API_ENDPOINTS, API_ROUTES, CALCULATOR_DEFAULTS, EconomicsRequestSchema, EndpointsReplySchema, ZERO_ADDRESS, type ServiceName } from '@shm/contracts';
import { errorOf, readJson, registeredRoutes, testLogger } from '@shm/platform/testing';
import { loadConfig } from '@shm/platform';
import { composeGateway } from '../src/compose';
import { GatewayConfigSchema } from '../src/config';
import { REDIS_URL, adminWallet, clientIp, startGateway, type TestGateway } from './support/gateway';

/** @seriousme/openapi-schema-validator is ESM-only, so it runs in a child node process. */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), cwd: __dirname });
  return JSON.parse(out.toString()) as { valid: boolean; errors?: unknown };
}

/** As much of the published OpenAPI document as the tests read: each operation's JSON request body schema. */
interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>>;
}

/** The JSON request-body schema the published document gives an operation. */
function requestSchemaOf(document: OpenApiDocument, method: string, path: string): object {
  const schema = document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`the document has no JSON request body for ${method.toUpperCase()} ${path}`);
  return schema;
}

/** What the route objects say a service answers. */
const declared = (service: ServiceName) =>
  API_ROUTES.filter((r) => r.service === service).map((r) => `${r.method} ${r.path}`).sort();
const apiRoutes = (routes: string[]) => routes.filter((r) => /^\S+ \/api\//.test(r));

describe('API documentation', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('when the OpenAPI document is fetched, then it validates as OpenAPI 3.1 and has every endpoint', async () => {
    const res = await fetch(`${gateway.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const result = validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    const operations = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`).sort());
  });

  it('when a body sits at the edge of what the server accepts, then the published schema says the same (refinements included)', async () => {
    const document = await readJson<OpenApiDocument>(await fetch(`${gateway.url}/api/openapi.json`));
    const schema = requestSchemaOf(document, 'post', '/api/calculations/economics');
    const validate = new Ajv2020({ strict: false }).compile(schema);
    for (const shmPrice of [0, 1e-9, 0.1265, 1e15, 1.2e-38, 5e-10, -1, 1e16]) {
      const body = { params: { ...CALCULATOR_DEFAULTS, shmPrice }, walletAddress: ZERO_ADDRESS };
      expect({ shmPrice, document: validate(body) }).toEqual({ shmPrice, document: EconomicsRequestSchema.safeParse(body).success });
    }
    expect(validate({ params: { ...CALCULATOR_DEFAULTS, shmPrice: 1.2e-38 }, walletAddress: ZERO_ADDRESS })).toBe(false);
  });

  it('when a PATCH body has nothing to change, then the published schema refuses it as the server does', async () => {
    const document = await readJson<OpenApiDocument>(await fetch(`${gateway.url}/api/openapi.json`));
    const wallet = '0x00000000000000000000000000000000000000a1';
    const cases = [
      { path: '/api/dashboard/profiles/{id}', bodies: [{}, { walletAddress: wallet }, { notes: 'x' }, { walletAddress: wallet, isDefault: true }] },
      { path: '/api/dashboard/portfolio/{address}/{entryId}', bodies: [{}, { walletAddress: wallet }, { label: 'x' }, { nodePublicKey: null }] },
    ];
    const seen = cases.flatMap(({ path, bodies }) => {
      const validate = new Ajv2020({ strict: false }).compile(requestSchemaOf(document, 'patch', path));
      const server = API_ENDPOINTS.find((e) => e.method === 'PATCH' && e.path.replace(/:(\w+)/g, '{$1}') === path)?.body;
      if (!server) throw new Error(`the registry has no PATCH ${path} with a body`);
      return bodies.map((body) => ({ path, body, document: validate(body), server: server.safeParse(body).success }));
    });
    // Worked out by hand: a body changes something when it has a field besides walletAddress.
    expect(seen).toEqual(cases.flatMap(({ path, bodies }) => bodies.map((body, i) => ({ path, body, document: i >= 2, server: i >= 2 }))));
  });

  it('when a documented path is called with a method it does not declare, then 405 with an Allow header; unknown paths stay 404', async () => {
    const put = await fetch(`${gateway.url}/api/calculations/economics`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    expect(errorOf(await readJson(put)).code).toBe('METHOD_NOT_ALLOWED');
    const flags = await fetch(`${gateway.url}/api/feature-flags`, { method: 'DELETE' });
    expect({ status: flags.status, allow: flags.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
    const profile = await fetch(`${gateway.url}/api/dashboard/profiles/some-id`, { method: 'GET' });
    expect({ status: profile.status, allow: profile.headers.get('allow') }).toEqual({ status: 405, allow: 'DELETE, PATCH' });
    // fetch refuses TRACE, so a raw request sends it.
    const trace = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
      const req = request(`${gateway.url}/api/shm-price`, { method: 'TRACE' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, allow: res.headers.allow });
      });
      req.on('error', reject);
      req.end();
    });
    expect(trace).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect((await fetch(`${gateway.url}/api/no-such-thing`, { method: 'PUT' })).status).toBe(404);
  });

  it('when the endpoint list is asked for without a token, then admin-only endpoints are left out', async () => {
    const body = EndpointsReplySchema.parse(await (await fetch(`${gateway.url}/api/endpoints`)).json());
    expect(body.isAdmin).toBe(false);
    expect(body.endpoints).toHaveLength(API_ENDPOINTS.filter((e) => !e.adminOnly).length);
    expect(body.endpoints.some((e) => e.path === '/api/admin/feature-flags')).toBe(false);
    const economics = body.endpoints.find((e) => e.path === '/api/calculations/economics');
    expect(economics?.parameters.map((p) => p.name)).toEqual(['params', 'walletAddress']);
    expect(economics?.requestBody?.contentType).toBe('application/json');
  });

  it('when the endpoint list is asked for with an admin token, then every endpoint is listed and isAdmin is true', async () => {
    const ip = clientIp();
    const { challenge } = (await (
      await fetch(`${gateway.url}/api/admin/auth/challenge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ walletAddress: adminWallet.address }),
      })
    ).json()) as { challenge: string };
    const { adminToken } = (await (
      await fetch(`${gateway.url}/api/admin/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ walletAddress: adminWallet.address, challenge, signature: await adminWallet.signMessage(challenge) }),
      })
    ).json()) as { adminToken: string };
    const body = EndpointsReplySchema.parse(
      await (await fetch(`${gateway.url}/api/endpoints`, { headers: { authorization: `Bearer ${adminToken}` } })).json(),
    );
    expect(body.isAdmin).toBe(true);
    expect(body.endpoints).toHaveLength(API_ENDPOINTS.length);
    const setFlag = body.endpoints.find((e) => e.method === 'POST' && e.path === '/api/admin/feature-flags');
    expect(setFlag?.parameters).toEqual([
      { name: 'Authorization', type: 'string (header)', required: true, description: 'Bearer <adminToken>' },
      expect.objectContaining({ name: 'feature', required: true, type: '"paymentGate" | "confetti" | "networkData" | "personalizedDashboard"' }),
      expect.objectContaining({ name: 'enabled', type: 'boolean', required: true }),
    ]);
  });

  it('when a route object names the gateway, then the gateway answers it, and it answers nothing undeclared under /api (services: integration/docs-coverage)', async () => {
    const composed = await composeGateway(loadConfig(GatewayConfigSchema, { REDIS_URL }), testLogger('gateway'));
    try {
      expect(apiRoutes(registeredRoutes(composed.app))).toEqual(declared('gateway'));
    } finally {
      await composed.close();
    }
  });
});
