import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_ENDPOINTS, API_ROUTES } from '@shm/contracts';
import { publicFlags, setFlagsAsAdmin } from './support/admin-api';
import { BASE_URL } from './support/browser';
import { fuzzAddresses } from './support/fuzz-callers';
import { fuzzCredentials } from './support/openapi-fuzz-callers';
import { ensureSchemathesis, runSchemathesis, type FuzzReport } from './support/schemathesis';

// The published OpenAPI document against the live stack, by an OpenAPI fuzzer (schemathesis): it
// makes requests from the document alone (its examples, then values at and past each parameter's and
// field's limits, then random ones) and checks every answer. A request the document calls valid must
// not be refused with 400, one it calls invalid must not be accepted, every status must be one the
// document lists for the operation, every reply must match its documented schema and content type,
// and a method the document does not list for a path must get 405 with an Allow header. Signed-in
// wallets with records of their own, an admin token and a client address per request come from the
// hooks (support/openapi-fuzz-hooks.py), so the requests reach the routes rather than 401, 404 and
// the rate limits. The dashboard's flag is on meanwhile.
jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(ROOT, '.run', 'openapi-fuzz');
/** Random requests per operation (the fuzzing phase; the other phases take theirs from the document): about 40 s in all. */
const EXAMPLES = Number(process.env.OPENAPI_FUZZ_EXAMPLES ?? 10);
/** Signed-in wallets the requests rotate through: each serves about 1 in WALLETS, far below the payment limit per wallet. */
const WALLETS = 20;
/** Wallets that only verify payments: a few requests each. */
const VERIFIERS = 3;
/** Admin tokens the first admin logouts end, one each (there are about 15 at 10 examples; the rest carry a token that is not valid). */
const SPARE_ADMIN_TOKENS = 6;

const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'positive_data_acceptance',
  'negative_data_rejection',
  'unsupported_method',
  'allow_header_conformance',
];
/**
 * Operations by their OpenAPI operationId: the payment event stream is left to e2e/api-fuzz.e2e.test.ts
 * (it stays open, and the fuzzer reads a reply whole), and setting a flag runs on its own after the
 * rest (a flag set at random mid-run would turn the dashboard off or the payment gate on under them).
 */
const STREAM = { id: 'getPaymentEvents', route: 'GET /api/payment/events' };
const SET_FLAG = { id: 'postAdminFeatureFlags', route: 'POST /api/admin/feature-flags' };
/** Every documented operation, as the hooks label them, but the document itself (which the fuzzer reads, not tests). */
const OPERATIONS = API_ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`).filter((op) => op !== 'GET /api/openapi.json');
/** Operations that answer 401 when no session or admin token came with the request. */
const NEEDS_CREDENTIALS = new Set(API_ROUTES.filter((r) => r.auth === 'wallet' || r.auth === 'admin').map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`));

const nextAddress = fuzzAddresses(19);
let flagsBefore: Record<string, boolean> = {};
let st = '';
let env: Record<string, string> = {};

beforeAll(async () => {
  st = ensureSchemathesis();
  mkdirSync(WORK, { recursive: true });
  // The dashboard answers 403 FEATURE_DISABLED to every call while its flag is off: on, its routes are reached.
  flagsBefore = await publicFlags();
  await setFlagsAsAdmin(nextAddress(), { personalizedDashboard: true });
  const credentials = await fuzzCredentials(nextAddress, { wallets: WALLETS, verifiers: VERIFIERS, spareAdminTokens: SPARE_ADMIN_TOKENS });
  writeFileSync(path.join(WORK, 'credentials.json'), JSON.stringify(credentials));
  env = {
    SCHEMATHESIS_HOOKS: 'openapi-fuzz-hooks',
    PYTHONPATH: path.join(__dirname, 'support'),
    FUZZ_CREDENTIALS: path.join(WORK, 'credentials.json'),
  };
});

afterAll(async () => {
  // The flag run sets flags at random: every flag back as found.
  await setFlagsAsAdmin(nextAddress(), flagsBefore);
});

/** Statuses per route, as the hooks counted them. */
type Tally = Record<string, Record<string, number>>;

/** One line per route: requests, and how many were answered by a rate limit, a flag that is off, 2xx, 4xx. */
function table(tally: Tally): string {
  const rows = Object.entries(tally).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([route]) => route.length), 5);
  const sum = (row: Record<string, number>, test: (status: number) => boolean) =>
    Object.entries(row).reduce((total, [status, count]) => total + (/^\d+$/.test(status) && test(Number(status)) ? count : 0), 0);
  const cols = ['requests', '429', 'flag off', '2xx', '4xx', 'statuses'];
  const line = (name: string, cells: (string | number)[]) => `${name.padEnd(width)}  ${cells.map((c, i) => String(c).padStart(cols[i]?.length ?? 0)).join('  ')}`;
  return [
    line('route', cols),
    ...rows.map(([route, row]) => {
      const statuses = Object.keys(row).filter((s) => /^\d+$/.test(s)).join(',');
      return line(route, [sum(row, () => true), row['429'] ?? 0, row.flagOff ?? 0, sum(row, (s) => s < 300), sum(row, (s) => s >= 400 && s < 500), statuses]);
    }),
  ].join('\n');
}

/** A run of `st` over the operations `filter` picks; its report and the statuses per route. */
async function fuzz(name: string, filter: string[]): Promise<{ report: FuzzReport; tally: Tally }> {
  const dir = path.join(WORK, name);
  const tallyFile = path.join(WORK, `${name}-tally.json`);
  const args = [
    '--checks',
    CHECKS.join(','),
    '--max-examples',
    String(EXAMPLES),
    '--phases',
    'examples,coverage,fuzzing',
    '--workers',
    '2',
    '--request-timeout',
    '20',
    '--generation-database',
    'none',
    // The reports name the failing requests; the credentials in them are the test's own, and short-lived.
    '--output-sanitize',
    'false',
    ...filter,
  ];
  const { output, ...report } = await runSchemathesis(st, `${BASE_URL}/api/openapi.json`, args, { ...env, FUZZ_TALLY: tallyFile }, dir);
  const tally = JSON.parse(readFileSync(tallyFile, 'utf8')) as Tally;
  console.log(`${name}: ${report.operations} operations, ${report.testCases} test cases, ${report.seconds.toFixed(1)} s\n${table(tally)}\nwarnings: ${JSON.stringify(report.warnings, null, 1)}`);
  if (report.failures.length || report.errors.length) console.log(output.slice(-20_000));
  return { report, tally };
}

/**
 * The routes most of whose answers came from a rate limit, a flag that is off, or missing credentials
 * (not counted for the admin logout: past its spare tokens it is sent one that is not valid).
 */
function unreached(tally: Tally): string[] {
  return Object.entries(tally)
    .filter(([route, row]) => {
      const requests = Object.entries(row).reduce((total, [status, count]) => total + (/^\d+$/.test(status) ? count : 0), 0);
      const noCredentials = NEEDS_CREDENTIALS.has(route) && route !== 'POST /api/admin/auth/logout' ? (row['401'] ?? 0) : 0;
      return (row['429'] ?? 0) + (row.flagOff ?? 0) + noCredentials > requests / 2;
    })
    .map(([route]) => route);
}

describe('the published OpenAPI document, by an OpenAPI fuzzer', () => {
  it('when every operation is sent what the document allows and what lies at and past its limits, then answers match the document: no valid request refused, no undocumented status, every reply its schema', async () => {
    const { report, tally } = await fuzz('operations', ['--exclude-operation-id', STREAM.id, '--exclude-operation-id', SET_FLAG.id]);
    expect({ failures: report.failures, errors: report.errors }).toEqual({ failures: [], errors: [] });
    expect(Object.keys(tally).sort()).toEqual(OPERATIONS.filter((op) => op !== STREAM.route && op !== SET_FLAG.route).sort());
    expect(unreached(tally)).toEqual([]);
    // Its other warnings (401s from sign-in calls with made-up signatures, 404s for made-up ids) are expected; this one is not.
    expect(report.warnings.rate_limited ?? []).toEqual([]);
  });

  it('when flags are set with what the document allows, then answers match the document', async () => {
    const { report, tally } = await fuzz('set-flag', ['--include-operation-id', SET_FLAG.id]);
    expect({ failures: report.failures, errors: report.errors }).toEqual({ failures: [], errors: [] });
    expect(Object.keys(tally)).toEqual([SET_FLAG.route]);
    expect(unreached(tally)).toEqual([]);
  });
});
