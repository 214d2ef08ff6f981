import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Wallet } from 'ethers';
import { API_ENDPOINTS, ErrorReplySchema, buildSiweMessage, signInFields, type EndpointDefinition, type NonceReply } from '@shm/contracts';
import { adminTokenFor, testClientIp } from './support/admin-api';
import { BASE_URL } from './support/browser';

// Every route of the registry, through the web entry (web → gateway → service), with random and
// malformed paths, bodies and headers, as an anonymous, a signed-in and an admin caller: nothing may
// answer 5xx or drop the connection, and every error is in the standard shape.
jest.setTimeout(240_000);

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 12);
const me = Wallet.createRandom();
const callers: Record<string, Record<string, string>> = { anonymous: {} };
/** Each operation's request-body schema as the published OpenAPI document states it. */
const documented = new Map<string, ValidateFunction>();

beforeAll(async () => {
  const ip = testClientIp();
  const nonce = (await (await fetch(`${BASE_URL}/api/auth/nonce`)).json()) as NonceReply;
  const message = buildSiweMessage(signInFields(nonce, me.address));
  const res = await fetch(`${BASE_URL}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await me.signMessage(message) }),
  });
  callers.signedIn = { cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  callers.admin = { authorization: `Bearer ${await adminTokenFor(ip)}`, 'x-forwarded-for': ip };
  const openapi = (await (await fetch(`${BASE_URL}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
  // Formats (uuid, date, date-time) count: the server checks them, so the document's must be checked too.
  const ajv = addFormats(new Ajv2020({ strict: false }));
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [verb, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (schema) documented.set(`${verb.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, ajv.compile(schema));
    }
  }
});

/**
 * The document and the server agree on a JSON body: one the document accepts is never refused for
 * its fields, and one it refuses is never accepted. Only for bodies sent as JSON to the route's own
 * method (path parameters are random, so their own 400s do not count).
 */
function expectAgreement(e: EndpointDefinition, verb: string, type: string, body: string, res: { status: number; text: string }) {
  const validate = documented.get(`${e.method} ${e.path}`);
  if (!validate || verb !== e.method || type !== 'application/json') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const params = new Set([...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!));
  const fields = res.status === 400 ? Object.keys((JSON.parse(res.text) as { error: { fields?: object } }).error.fields ?? {}) : [];
  const refusedForBody = fields.some((f) => !params.has(f.split('.')[0]!));
  const accepted = res.status >= 200 && res.status < 300;
  expect({ endpoint: `${e.method} ${e.path}`, body: parsed, documentSays: validate(parsed), refusedForBody, accepted }).toEqual(
    expect.objectContaining(validate(parsed) ? { refusedForBody: false } : { accepted: false }),
  );
}

/** Path segments a careless or hostile client sends: malformed escapes, traversal, huge, other wallets. */
const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', 'null', '0x', '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266', 'x'.repeat(600), '%F0%9F%92%A5'),
  fc.uuid(),
  fc.constant(me.address),
);

const jsonText = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null';
  }
};

/** Every field of an example, nested ones included, as a path of keys. */
const leavesOf = (value: unknown, at: string[] = []): string[][] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => [[...at, k], ...leavesOf(v, [...at, k])])
    : [];

const withField = (example: unknown, path: string[], value: unknown): unknown => {
  const [head, ...rest] = path;
  const copy = { ...(example as Record<string, unknown>) };
  copy[head!] = rest.length ? withField(copy[head!], rest, value) : value;
  return copy;
};

/** Values at the edges of what fields accept: refinement borders, huge, negative, wrong types. */
const edgeValue = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 1e-9, 1e15, 1e16, 1e308, -0, 0.5, 3, '', 'NaN', null, [], {}) },
  // Right at the refinement border (0 or at least 1e-9): where the document once disagreed with the server.
  { weight: 2, arbitrary: fc.constantFrom(5e-10, 1.2e-38, 1e-10) },
);

/** The documented example with one field, at any depth, set to an edge value. */
const mutatedBody = (e: EndpointDefinition) => {
  const leaves = leavesOf(e.bodyExample ?? {});
  return leaves.length
    ? fc.tuple(fc.constantFrom(...leaves), edgeValue).map(([path, value]) => jsonText(withField(e.bodyExample, path, value)))
    : fc.jsonValue().map(jsonText);
};

/** Bodies: random JSON, the documented example with one field (at any depth) replaced, and broken text. */
const bodyFor = (e: EndpointDefinition) => {
  const mutated = mutatedBody(e);
  return fc.oneof(
    mutated,
    fc.jsonValue().map(jsonText),
    fc.constantFrom('', '{', '[]', 'null', '"text"', '{"__proto__":{"polluted":1}}', '1e999', `{"a":${'['.repeat(2000)}`),
  );
};

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', '');
const method = (e: EndpointDefinition) => fc.oneof({ weight: 4, arbitrary: fc.constant(e.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') });

async function send(e: EndpointDefinition, path: string, verb: string, body: string, type: string, caller: string) {
  const headers: Record<string, string> = { accept: 'application/json', ...callers[caller] };
  if (type) headers['content-type'] = type;
  const hasBody = verb !== 'GET' && verb !== 'HEAD';
  // An event stream stays open: read its status and let it go.
  const controller = new AbortController();
  const res = await fetch(`${BASE_URL}${path}`, { method: verb, headers, body: hasBody ? body : undefined, signal: controller.signal });
  const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
  controller.abort();
  return { status: res.status, text, type: res.headers.get('content-type') ?? '', endpoint: `${e.method} ${e.path}` };
}

describe('every route, any input', () => {
  it.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('when %s is sent random and malformed input, then no 5xx and errors keep the standard shape', async (_name, e) => {
    const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: names.length, maxLength: names.length }),
        method(e),
        bodyFor(e),
        contentType,
        fc.constantFrom('anonymous', 'signedIn', 'admin'),
        async (segments, verb, body, type, caller) => {
          let i = 0;
          const path = e.path.replace(/:(\w+)/g, () => segments[i++]!);
          const res = await send(e, path, verb, body, type, caller);
          expect({ ...res, text: res.status >= 500 ? res.text : '' }).toMatchObject({ status: expect.any(Number) });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400 && res.type.includes('application/json')) {
            expect(ErrorReplySchema.safeParse(JSON.parse(res.text)).success).toBe(true);
          }
          expectAgreement(e, verb, type, body, res);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});

describe('the published document and the server agree on request bodies', () => {
  const withBodies = API_ENDPOINTS.filter((e) => e.body);
  it.each(withBodies.map((e) => [`${e.method} ${e.path}`, e] as const))('when %s gets bodies at the edges, then the document accepts exactly what the server accepts', async (_name, e) => {
    await fc.assert(
      fc.asyncProperty(mutatedBody(e), fc.constantFrom('signedIn', 'admin'), async (body, caller) => {
        const path = e.path.replace(/:(\w+)/g, () => me.address);
        const res = await send(e, path, e.method, body, 'application/json', caller);
        expect(res.status).toBeLessThan(500);
        expectAgreement(e, e.method, 'application/json', body, res);
      }),
      { numRuns: RUNS_PER_ENDPOINT * 3 },
    );
  });
});
