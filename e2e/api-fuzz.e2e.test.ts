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
});

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

/** Bodies: random JSON, the documented example with one field replaced, and broken text. */
const bodyFor = (e: EndpointDefinition) => {
  const example = (e.bodyExample ?? {}) as Record<string, unknown>;
  const keys = Object.keys(example);
  const mutated = keys.length
    ? fc.tuple(fc.constantFrom(...keys), fc.oneof(fc.jsonValue(), fc.constantFrom(-1, 1e308, -0, 1.2e-38, '', 'NaN', null, [], {}))).map(([key, value]) =>
        jsonText({ ...example, [key]: value }),
      )
    : fc.jsonValue().map(jsonText);
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
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});
