// The k6 scenarios (bench/k6/) and the settings `npm run load` runs them with. `full` holds the rates
// this machine was measured to hold with room to spare and thresholds set from what it held
// (docs/performance.md, "Load"); `smoke` is a few seconds at a low rate with loose thresholds that
// still fail on any error (the load tier of npm test).
/** The settings of one scenario run (k6's rate, duration and VUs, and the thresholds). */
export interface RunSettings {
  rate: number;
  duration: string;
  vus: number;
  maxVus: number;
  p95: number;
  p99: number;
  maxErrorRate?: number;
  paymentP95?: number;
  thresholds?: false;
}

export interface Scenario {
  name: string;
  script: string;
  what: string;
  wallets?: boolean;
  full: RunSettings;
  smoke: RunSettings;
}

const SMOKE = { duration: '4s', vus: 20, maxVus: 50, p95: 2_000, p99: 5_000, maxErrorRate: 0.01 };

export const SCENARIOS: Scenario[] = [
  {
    name: 'calculator',
    script: 'bench/k6/calculator.js',
    what: 'POST economics + POST projections (defaults)',
    full: { rate: 100, duration: '30s', vus: 50, maxVus: 400, p95: 250, p99: 500 },
    smoke: { ...SMOKE, rate: 10 },
  },
  {
    name: 'network',
    script: 'bench/k6/network.js',
    what: 'GET network data + GET SHM price',
    full: { rate: 300, duration: '30s', vus: 50, maxVus: 400, p95: 250, p99: 500 },
    smoke: { ...SMOKE, rate: 10 },
  },
  {
    name: 'admin-flags',
    script: 'bench/k6/admin-flags.js',
    what: 'GET admin feature flags (bearer token)',
    full: { rate: 300, duration: '30s', vus: 50, maxVus: 400, p95: 250, p99: 500 },
    smoke: { ...SMOKE, rate: 10 },
  },
  {
    name: 'paid-flow',
    script: 'bench/k6/paid-flow.js',
    what: 'initiate → pay 0.1 SHM → submitted → verify → session-info',
    // One payment per wallet: the runner funds and signs in rate × duration wallets (plus a margin).
    wallets: true,
    full: { rate: 2, duration: '30s', vus: 20, maxVus: 200, p95: 250, p99: 500, paymentP95: 5_000 },
    smoke: { ...SMOKE, rate: 1, duration: '3s', paymentP95: 15_000 },
  },
];

export const SCENARIO_NAMES = SCENARIOS.map((scenario) => scenario.name);

const seconds = (duration: string): number => Number(duration.slice(0, -1)) * (duration.endsWith('m') ? 60 : 1);

/** Wallets a paid-flow run needs: one per iteration k6 may start. */
export const walletsFor = (settings: RunSettings): number => Math.ceil(settings.rate * seconds(settings.duration) * 1.1) + 2;

/** k6's environment for one scenario run. */
export function k6Env(settings: RunSettings, common: Record<string, string>): Record<string, string> {
  return {
    ...common,
    RATE: String(settings.rate),
    DURATION: settings.duration,
    VUS: String(settings.vus),
    MAX_VUS: String(settings.maxVus),
    ...(settings.thresholds === false
      ? { THRESHOLDS: 'off' }
      : {
          P95_MS: String(settings.p95),
          P99_MS: String(settings.p99),
          MAX_ERROR_RATE: String(settings.maxErrorRate ?? 0.01),
          ...(settings.paymentP95 ? { PAYMENT_P95_MS: String(settings.paymentP95) } : {}),
        }),
  };
}
