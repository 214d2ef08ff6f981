// `npm run load -- --capacity`: the arrival rate one scenario holds here, then twice that rate (where
// the gateway's bound on requests in flight should shed the excess with 503 before latency explodes),
// then half of it (recovery, without any restart).
import { log } from '../deps.mjs';

/** A step counts as held when nothing failed, k6 kept up with the rate, and p99 stayed below this. */
export const HELD_P99_MS = 250;
const STEP = '10s';
const RECOVERY = '10s';

const held = (r) => r.ran && r.failed === 0 && r.dropped === 0 && r.p99 < HELD_P99_MS;

/**
 * `run(rate, duration)` runs the scenario once without thresholds and resolves with its figures.
 * Rates grow by half until a step is not held, then the gap is halved twice.
 */
export async function findCapacity(run, { start }) {
  const steps = [];
  const step = async (rate) => {
    const r = await run(rate, STEP);
    steps.push({ phase: `step ${held(r) ? 'held' : 'not held'}`, rate, ...r });
    log(`${rate} iterations/s: ${r.rps.toFixed(0)} requests/s, p99 ${r.p99?.toFixed(0)} ms, ${r.failed} failed, ${r.dropped} dropped → ${held(r) ? 'held' : 'not held'}`);
    return held(r);
  };
  let good = 0;
  let bad = start;
  for (let rate = start; rate < 100_000; rate = Math.round(rate * 1.5)) {
    if (!(await step(rate))) {
      bad = rate;
      break;
    }
    good = rate;
  }
  for (let i = 0; i < 2 && bad - good > Math.max(2, good * 0.05); i += 1) {
    const mid = Math.round((good + bad) / 2);
    if (await step(mid)) good = mid;
    else bad = mid;
  }
  return { capacity: good, steps };
}

/** Twice `capacity` for `duration`, then half of it: the rows to print. */
export async function overload(run, capacity, duration, label = '') {
  const twice = await run(capacity * 2, duration);
  const recovery = await run(Math.max(1, Math.round(capacity / 2)), RECOVERY);
  return [
    { phase: `2× capacity${label}`, rate: capacity * 2, ...twice },
    { phase: `recovery (½×)${label}`, rate: Math.max(1, Math.round(capacity / 2)), ...recovery },
  ];
}
