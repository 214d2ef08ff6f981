// `npm run bench:engine`: what the calc engine costs per request, in process (no HTTP): the whole
// economics calculation (risk bands and sensitivity included) and each of those two parts alone,
// for the calculator defaults and for stressed inputs, and the projection over 1200 months.
// Each case is timed one call at a time over BENCH_RUNS calls (default 20,000) after a warm-up,
// and p50 / p99 / max are printed in milliseconds with each case's p99 as a ratio to the defaults'
// (same run, same machine). Exits non-zero when an economics case's p99 reaches TARGET_P99_MS (5).
// Runs with tsx (see package.json) so it calls the TypeScript engine itself.
import { CALCULATOR_DEFAULTS, expectedActiveShare, nodesAffordable, rewardPerMonth } from '@shm/contracts';
import { calculateEconomics } from '../services/calc/src/domain/calculate-economics';
import { projectEarnings } from '../services/calc/src/domain/project-earnings';
import { riskBands } from '../services/calc/src/domain/risk-bands';
import { rotationModel } from '../services/calc/src/domain/rotation-model';
import { sensitivity } from '../services/calc/src/domain/sensitivity';

const RUNS = Number(process.env.BENCH_RUNS ?? 20_000);
const WARM_UP = Math.min(RUNS, 2_000);
const TARGET_P99_MS = Number(process.env.TARGET_P99_MS ?? 5);

const d = { ...CALCULATOR_DEFAULTS };
const economicsCases = {
  'defaults': d,
  'huge standby (1e12)': { ...d, standbyNodes: 1e12 },
  'many nodes (investment 1e15)': { ...d, investmentAmount: 1e15, shmPrice: 1e-6 },
  'timeframe 1200 months': { ...d, targetTimeframe: 1200, targetEarnings: 1e9 },
  'widest exact walk (1-minute periods, share 1/2)': { ...d, activePeriodHours: 1 / 60, standbyNodes: 20 },
  'all stressed at once': { ...d, activePeriodHours: 1 / 60, standbyNodes: 1e12, investmentAmount: 1e15, targetTimeframe: 1200 },
};
const projection = (months: number): Parameters<typeof projectEarnings>[0] => ({
  investmentAmount: 1e15, projectionMonths: months, projectedShmPrice: 1, shmPrice: d.shmPrice, shmStake: d.shmStake,
  nodeCostPerMonth: d.nodeCostPerMonth, rewardPerHour: d.rewardPerHour, totalNodes: d.totalNodes,
  activeCommunityNodes: d.activeCommunityNodes, standbyNodes: d.standbyNodes,
});

/** Per-call times in ms, one call at a time; the result is kept so the call cannot be optimised away. */
interface Timing {
  p50: number;
  p99: number;
  max: number;
  sink: number;
}

function time(fn: () => unknown): Timing {
  let sink = 0;
  for (let i = 0; i < WARM_UP; i++) sink += fn() ? 1 : 0;
  const ms = new Float64Array(RUNS);
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    sink += fn() ? 1 : 0;
    ms[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  ms.sort();
  const at = (quantile: number): number => ms[Math.min(RUNS - 1, Math.floor(quantile * RUNS))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: at(1), sink };
}

const rows: Record<string, string>[] = [];
let failed = false;
let baseP99: number | undefined;
const report = (name: string, timing: Timing, target?: number): void => {
  baseP99 ??= timing.p99;
  const ok = target === undefined || timing.p99 < target;
  if (!ok) failed = true;
  rows.push({ case: name, 'p50 ms': timing.p50.toFixed(4), 'p99 ms': timing.p99.toFixed(4), 'max ms': timing.max.toFixed(3), 'p99 × defaults': (timing.p99 / baseP99).toFixed(2), target: target === undefined ? '' : ok ? `< ${target} ✓` : `≥ ${target} ✗` });
};

for (const [name, params] of Object.entries(economicsCases)) {
  report(`economics: ${name}`, time(() => calculateEconomics(params)), TARGET_P99_MS);
}
// The two new parts alone, on the widest case (the exact walk is longest there).
const wide = economicsCases['widest exact walk (1-minute periods, share 1/2)'];
const share = expectedActiveShare(wide.activeCommunityNodes, wide.standbyNodes);
const bandInputs = {
  rewardPerMonth: rewardPerMonth(wide.rewardPerHour), shmPrice: wide.shmPrice, nodeCostPerMonth: wide.nodeCostPerMonth,
  maxNodes: nodesAffordable(wide.investmentAmount, wide.shmStake, wide.shmPrice), targetEarnings: wide.targetEarnings, timeToTarget: 1,
};
report('  risk bands alone (widest walk)', time(() => riskBands(rotationModel(wide.activePeriodHours, share), bandInputs)));
report('  sensitivity alone', time(() => sensitivity(wide, 100)));
for (const months of [12, 1200]) {
  report(`projection: ${months} months`, time(() => projectEarnings(projection(months))));
}

console.log(`engine bench: ${RUNS} timed calls per case after ${WARM_UP} warm-up calls (node ${process.version})`);
console.table(rows);
if (failed) {
  console.error(`an economics case reached the p99 target of ${TARGET_P99_MS} ms`);
  process.exit(1);
}
