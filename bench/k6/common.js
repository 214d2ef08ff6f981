// What every k6 scenario shares. `npm run load` (scripts/load.ts) runs these scripts and passes the
// settings as environment variables: BASE_URL (the web entry, what a browser calls), RATE (iterations
// started per second, an open model: arrivals do not wait for replies), DURATION, VUS and MAX_VUS,
// the thresholds P95_MS, P99_MS and MAX_ERROR_RATE, and FIXTURES (a JSON file the runner wrote:
// the admin token, signed-in wallets).
import { check } from 'k6';

export const BASE_URL = __ENV.BASE_URL;

/**
 * Every product request carries the tag `step`: `quick` (answered at once; the p95/p99 thresholds
 * apply) or `wait` (a call that waits for an outcome by design, e.g. verify-payment). The runner
 * reads the `{step:quick}` and `{step:wait}` sub-metrics, so a helper call that is not the product
 * (the payer) is never counted.
 */
export const quick = (name) => ({ tags: { name, step: 'quick' } });

/** The open-model scenario and thresholds of one script, from the runner's settings. */
export function options(name, extraThresholds = {}) {
  const errors = `rate<${__ENV.MAX_ERROR_RATE ?? 0.01}`;
  return {
    scenarios: {
      [name]: {
        executor: 'constant-arrival-rate',
        rate: Number(__ENV.RATE ?? 10),
        timeUnit: '1s',
        duration: __ENV.DURATION ?? '10s',
        preAllocatedVUs: Number(__ENV.VUS ?? 20),
        maxVUs: Number(__ENV.MAX_VUS ?? 200),
      },
    },
    // With THRESHOLDS=off (finding capacity, and at twice it) the figures are printed, not judged;
    // the sub-metrics are still named so that they appear in the summary.
    thresholds:
      __ENV.THRESHOLDS === 'off'
        ? {
            'http_reqs{step:quick}': [],
            'http_req_failed{step:quick}': [],
            'http_req_duration{step:quick}': [],
            'http_req_duration{step:quick,expected_response:true}': [],
            'http_req_duration{step:quick,status:503}': [],
            'http_reqs{step:quick,status:503}': [],
            ...Object.fromEntries(Object.keys(extraThresholds).map((k) => [k, []])),
          }
        : {
            'http_reqs{step:quick}': ['count>0'],
            'http_req_failed{step:quick}': [errors],
            'http_req_duration{step:quick}': [`p(95)<${__ENV.P95_MS ?? 500}`, `p(99)<${__ENV.P99_MS ?? 1000}`],
            checks: ['rate>0.99'],
            ...extraThresholds,
          },
    summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
    // The replies are read by the checks; keep-alive connections as a browser's.
    noConnectionReuse: false,
  };
}

/**
 * A client address per request from 198.18.0.0/15 (set aside for benchmarks): k6 plays the load
 * balancer in front of the web entry (which trusts loopback here), so per-client limits count many
 * visitors, as they would in production, rather than one.
 */
export function clientIp() {
  const n = Math.floor(Math.random() * 131_072);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

export const jsonHeaders = (extra = {}) => ({ 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...extra });

/** `check` that also returns whether it held. */
export const expect = (res, name, predicate) => check(res, {
  [name]: (reply) => {
    try {
      return predicate(reply);
    } catch {
      return false;
    }
  },
});

/** The end-of-test summary as JSON where the runner asked for it (nothing on stdout). */
export function summaryTo(data) {
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(data) };
}
