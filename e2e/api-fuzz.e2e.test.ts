import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { API_ENDPOINTS, ErrorReplySchema, type EndpointDefinition } from '@shm/contracts';
import { publicFlags, setFlagsAsAdmin } from './support/admin-api';
import { BASE_URL } from './support/browser';
import { answerTally, fuzzAddresses, fuzzCallers, type CallerKind, type FuzzCaller } from './support/fuzz-callers';

// Every route of the registry, through the web entry (web → gateway → service), with random and
// malformed paths, bodies and headers, as an anonymous, a signed-in and an admin caller: nothing may
// answer 5xx or drop the connection, and every error is in the standard shape. Each property run
// comes from a client address of its own (X-Forwarded-For, which the web entry believes from the
// test client on loopback and passes on to the gateway's limits), and a signed-in wallet serves too
// few runs to meet the payment limit, so no rate limit answers for a route: the tally printed at the
// end shows, per route, how many answers came from the route itself and how many were 429, and each
// route must have at least half its answers from itself. The dashboard's flag is on meanwhile.
jest.setTimeout(240_000);

// 20 runs per route and 60 per body (about 20 s of the e2e tier): every one now reaches its route.
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 20);
const nextAddress = fuzzAddresses();
const callerFor = fuzzCallers();
const fuzzTally = answerTally();
const bodyTally = answerTally();
/** Each operation's request-body schema as the published OpenAPI document states it. */
const documented = new Map<string, ValidateFunction>();
/** Each operation's documented error content types, by `VERB /path status`. */
const errorTypes = new Map<string, string[]>();
/** The flags as this file found them; put back after it (other files expect them as they left them). */
let flagsBefore: Record<string, boolean> = {};

beforeAll(async () => {
  const openapi = (await (await fetch(`${BASE_URL}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> }; responses?: Record<string, { content?: object }> }>>;
  };
  // Formats (uuid, date, date-time) count: the server checks them, so the document's must be checked too.
  const ajv = addFormats(new Ajv2020({ strict: false }));
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [verb, operation] of Object.entries(operations)) {
      const route = `${verb.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (schema) documented.set(route, ajv.compile(schema));
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        errorTypes.set(`${route} ${status}`, Object.keys(response.content ?? {}));
      }
    }
  }
  // The dashboard answers 403 FEATURE_DISABLED to every call while its flag is off: on, its routes are reached.
  flagsBefore = await publicFlags();
  await setFlagsAsAdmin(nextAddress(), { personalizedDashboard: true });
});

afterAll(async () => {
  // An admin run may have set a flag (the documented example names one): every flag back as found.
  await setFlagsAsAdmin(nextAddress(), flagsBefore);
  console.log(`${fuzzTally.table('Answers per route, random and malformed input:')}\n\n${bodyTally.table('Answers per route, bodies at the edges:')}`);
});

/**
 * An error answer, of any content type, is in the standard error shape, unless the document gives
 * the route another content type for that status.
 */
function expectStandardError(endpoint: EndpointDefinition, verb: string, res: Answer, request: object) {
  if (res.status < 400) return;
  const other = (errorTypes.get(`${verb} ${endpoint.path} ${res.status}`) ?? []).filter((t) => t !== 'application/json');
  if (other.some((t) => res.type.startsWith(t))) return;
  let body: unknown = res.text;
  try {
    body = JSON.parse(res.text);
  } catch {
    // not JSON: shown as text below
  }
  const standard = res.type.startsWith('application/json') && ErrorReplySchema.safeParse(body).success;
  expect({ request, status: res.status, type: res.type, body: standard ? 'the standard error shape' : body }).toEqual({
    request,
    status: res.status,
    type: res.type,
    body: 'the standard error shape',
  });
}

/**
 * The document and the server agree on a JSON body: one the document accepts is never refused for
 * its fields, and one it refuses is never accepted. Only for bodies sent as JSON to the route's own
 * method (path parameters are random, so their own 400s do not count).
 */
function expectAgreement(definition: EndpointDefinition, verb: string, type: string, body: string, res: { status: number; text: string }) {
  const validate = documented.get(`${definition.method} ${definition.path}`);
  if (!validate || verb !== definition.method || type !== 'application/json') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const params = new Set([...definition.path.matchAll(/:(\w+)/g)].map(([, name = '']) => name));
  const fields = res.status === 400 ? Object.keys((JSON.parse(res.text) as { error: { fields?: object } }).error.fields ?? {}) : [];
  const refusedForBody = fields.some((f) => !params.has(f.split('.')[0] ?? f));
  const accepted = res.status >= 200 && res.status < 300;
  expect({ endpoint: `${definition.method} ${definition.path}`, body: parsed, documentSays: validate(parsed), refusedForBody, accepted }).toEqual(
    expect.objectContaining(validate(parsed) ? { refusedForBody: false } : { accepted: false }),
  );
}

/** Stands for the run's own wallet address in a path or body (the signed-in caller's own records). */
const SELF = '<self>';
/** Path segments a careless or hostile client sends: malformed escapes, traversal, huge, other wallets, its own. */
const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', 'null', '0x', '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266', 'x'.repeat(600), '%F0%9F%92%A5'),
  fc.uuid(),
  fc.constant(SELF),
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
  if (head === undefined) return value; // the end of the path: the field itself
  const copy = { ...(example as Record<string, unknown>) };
  copy[head] = withField(copy[head], rest, value);
  return copy;
};

/** Values at the edges of what fields accept: refinement borders, huge, negative, wrong types. */
const edgeValue = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 1e-9, 1e15, 1e16, 1e308, -0, 0.5, 3, '', 'NaN', null, [], {}) },
  // Right at the refinement border (0 or at least 1e-9): where the document once disagreed with the server.
  { weight: 2, arbitrary: fc.constantFrom(5e-10, 1.2e-38, 1e-10) },
);

/**
 * The documented example with its wallet fields naming the run's own wallet (SELF, filled in when the
 * caller is known): a signed-in caller's valid body then goes past the ownership check to the end.
 * The admin routes' examples keep the admin wallet, the one they take. A URL field names localhost:
 * the service resolves an alert URL's host before it takes it (as its docs say), and the test
 * machine resolves no public name.
 */
const ownExample = (endpoint: EndpointDefinition): unknown => {
  const here = (url: string) => url.replace(/^(https?:\/\/)[^/]+/, '$1localhost');
  const own = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'walletAddress' ? SELF : k === 'url' && typeof v === 'string' ? here(v) : own(v)]))
      : value;
  return endpoint.path.startsWith('/api/admin/') ? endpoint.bodyExample : own(endpoint.bodyExample);
};

/** SELF in a body, as the run's own wallet. */
const filledIn = (body: string, caller: FuzzCaller) => body.replaceAll(JSON.stringify(SELF), JSON.stringify(caller.wallet));

const withoutField = (example: unknown, path: string[]): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return example;
  const { [head]: field, ...others } = example as Record<string, unknown>;
  return rest.length ? { ...others, [head]: withoutField(field, rest) } : others;
};

/** Bodies that change nothing: `{}`, and the example's wallet field alone when it has one. */
const nothingToChange = (endpoint: EndpointDefinition): string[] => {
  const example = ownExample(endpoint);
  const wallet = example && typeof example === 'object' && 'walletAddress' in example ? [jsonText({ walletAddress: example.walletAddress })] : [];
  return [jsonText({}), ...wallet];
};

/**
 * The documented example (own wallet) with one field, at any depth, set to an edge value or left
 * out; or nothing at all to change (`{}`, or the wallet alone).
 */
const mutatedBody = (endpoint: EndpointDefinition) => {
  const example = ownExample(endpoint);
  const leaves = leavesOf(example ?? {});
  if (!leaves.length) return fc.jsonValue().map(jsonText);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...leaves), edgeValue).map(([path, value]) => jsonText(withField(example, path, value))) },
    { weight: 1, arbitrary: fc.constantFrom(...leaves).map((path) => jsonText(withoutField(example, path))) },
    { weight: 1, arbitrary: fc.constantFrom(...nothingToChange(endpoint)) },
  );
};

/** Bodies: random JSON, the documented example with one field (at any depth) replaced or left out, and broken text. */
const bodyFor = (endpoint: EndpointDefinition) => {
  const mutated = mutatedBody(endpoint);
  return fc.oneof(
    mutated,
    fc.jsonValue().map(jsonText),
    fc.constantFrom('', '{', '[]', 'null', '"text"', '{"__proto__":{"polluted":1}}', '1e999', `{"a":${'['.repeat(2000)}`),
  );
};

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', '');
const method = (e: EndpointDefinition) => fc.oneof({ weight: 4, arbitrary: fc.constant(e.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') });

interface Answer {
  status: number;
  text: string;
  type: string;
}

async function send(path: string, verb: string, body: string, type: string, caller: FuzzCaller): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...caller.headers };
  if (type) headers['content-type'] = type;
  const hasBody = verb !== 'GET' && verb !== 'HEAD';
  // An event stream stays open: read its status and let it go.
  const controller = new AbortController();
  const res = await fetch(`${BASE_URL}${path}`, { method: verb, headers, body: hasBody ? body : undefined, signal: controller.signal });
  const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
  controller.abort();
  return { status: res.status, text, type: res.headers.get('content-type') ?? '' };
}

/** A logout route may end the caller's session or admin token: its runs get credentials no other run uses. */
const endsCredentials = (e: EndpointDefinition) => e.path.endsWith('/logout');
const callerKind = fc.constantFrom<CallerKind>('anonymous', 'signedIn', 'admin');
const routeName = (e: EndpointDefinition) => `${e.method} ${e.path}`;

/** At least half of a route's answers came from the route itself, not from a rate limit or a flag that is off. */
function expectMostlyReached(tally: ReturnType<typeof answerTally>, endpoint: EndpointDefinition) {
  const { runs, reached, limited, flagOff } = tally.row(routeName(endpoint));
  const enough = reached >= Math.ceil(runs / 2);
  expect({ route: routeName(endpoint), runs, reached: enough ? 'at least half the runs' : reached, limited, flagOff }).toEqual({
    route: routeName(endpoint),
    runs,
    reached: 'at least half the runs',
    limited,
    flagOff,
  });
}

describe('every route, any input', () => {
  it.each(API_ENDPOINTS.map((e) => [routeName(e), e] as const))('when %s is sent random and malformed input, then no 5xx and errors keep the standard shape', async (_name, endpoint) => {
    const names = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name = '']) => name);
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: names.length, maxLength: names.length }),
        method(endpoint),
        bodyFor(endpoint),
        contentType,
        callerKind,
        async (segments, verb, anyBody, type, kind) => {
          // An address of its own for every run (shrinking runs too); credentials of its own where it may end them.
          const caller = await callerFor(kind, nextAddress(), { fresh: endsCredentials(endpoint) });
          const body = filledIn(anyBody, caller);
          let i = 0;
          const path = endpoint.path.replace(/:(\w+)/g, () => {
            const value = segments[i++];
            if (value === undefined) throw new Error(`fewer segments than ${endpoint.path} has parameters`);
            return value === SELF ? caller.wallet : value;
          });
          const res = await send(path, verb, body, type, caller);
          fuzzTally.count(routeName(endpoint), res);
          const request = { verb, path: path.slice(0, 200), caller: kind, type, body: body.slice(0, 200) };
          expect({ request, status: res.status, text: res.status >= 500 ? res.text : '' }).toEqual({ request, status: expect.any(Number) as unknown, text: '' });
          expect(res.status).toBeLessThan(500);
          expectStandardError(endpoint, verb, res, request);
          expectAgreement(endpoint, verb, type, body, res);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expectMostlyReached(fuzzTally, endpoint);
  });
});

describe('the published document and the server agree on request bodies', () => {
  const withBodies = API_ENDPOINTS.filter((e) => e.body);
  it.each(withBodies.map((e) => [routeName(e), e] as const))('when %s gets bodies at the edges, then the document accepts exactly what the server accepts', async (_name, endpoint) => {
    await fc.assert(
      fc.asyncProperty(mutatedBody(endpoint), fc.constantFrom<CallerKind>('signedIn', 'admin'), async (anyBody, kind) => {
        const caller = await callerFor(kind, nextAddress(), { fresh: endsCredentials(endpoint) });
        const body = filledIn(anyBody, caller);
        const path = endpoint.path.replace(/:(\w+)/g, () => caller.wallet);
        const res = await send(path, endpoint.method, body, 'application/json', caller);
        bodyTally.count(routeName(endpoint), res);
        expect(res.status).toBeLessThan(500);
        expectStandardError(endpoint, endpoint.method, res, { verb: endpoint.method, path, caller: kind, body: body.slice(0, 200) });
        expectAgreement(endpoint, endpoint.method, 'application/json', body, res);
      }),
      // Always, besides the random ones: a body with nothing in it, and the wallet alone.
      { numRuns: RUNS_PER_ENDPOINT * 3, examples: nothingToChange(endpoint).map((body) => [body, 'signedIn'] as [string, CallerKind]) },
    );
    expectMostlyReached(bodyTally, endpoint);
  });
});
