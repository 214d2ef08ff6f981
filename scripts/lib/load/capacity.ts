// `npm run load -- --capacity`: the arrival rate one scenario holds here, then twice that rate (where
// the gateway's bound on requests in flight should shed the excess with 503 before latency explodes),
// then half of it (recovery, without any restart).
import { log } from '../deps';
import type { K6Result } from '../k6';

/** Runs the scenario once at `rate` for `duration`, without thresholds. */
export type RunAt = (rate: number, duration: string) => Promise<K6Result>;

/** One row of the capacity report: a phase, the rate offered, and what k6 measured. */
export type Step = K6Result & { phase: string; rate: number };

/**
 * A step counts as held when nothing failed, k6 kept up with the rate (dropped ≤ 0.5 %), and p95
 * stayed below this (p95, not p99: on a shared machine one stall of the scheduler moves the p99 of a
 * ten-second step by hundreds of ms).
 */
export const HELD_P95_MS = 250;
const STEP = '10s';
const RECOVERY = '10s';

const held = (r: K6Result): boolean => r.ran && r.failed === 0 && r.dropped <= r.iterations * 0.005 && (r.p95 ?? Infinity) < HELD_P95_MS;

/** Between steps: the queues of the step before drain, so a step does not pay for the last one. */
const PAUSE_MS = 3_000;
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/**
 * `run(rate, duration)` runs the scenario once without thresholds and resolves with its figures.
 * From `start`, rates halve until a step is held, then grow by half until one is not, then the gap
 * is halved twice. Resolves with the highest rate held (0 if none) and every step.
 */
export async function findCapacity(run: RunAt, { start }: { start: number }): Promise<{ capacity: number; steps: Step[] }> {
  const steps: Step[] = [];
  const step = async (rate: number): Promise<boolean> => {
    if (steps.length) await pause();
    const r = await run(rate, STEP);
    const ok = held(r);
    steps.push({ phase: `step ${ok ? 'held' : 'not held'}`, rate, ...r });
    if (!r.ran) log(`${rate} iterations/s: k6 did not run (${r.error}) → not held`);
    else {
      const shed = r.shed?.count ?? 0;
      log(`${rate} iterations/s: ${r.rps.toFixed(0)} requests/s, p95 ${r.p95?.toFixed(0)} ms, p99 ${r.p99?.toFixed(0)} ms, ${r.failed} failed (${shed} shed with 503), ${r.dropped} dropped → ${ok ? 'held' : 'not held'}`);
    }
    return ok;
  };
  // A cold stack (JIT, connection pools) would fail the first step whatever its rate.
  await run(Math.max(1, Math.round(start / 4)), '5s');
  let good = 0;
  let bad = 0;
  let rate = start;
  while (rate >= 1 && !(await step(rate))) {
    bad = rate;
    rate = Math.floor(rate / 2);
  }
  if (rate < 1) return { capacity: 0, steps };
  good = rate;
  if (!bad) {
    for (rate = Math.round(good * 1.5); ; rate = Math.round(rate * 1.5)) {
      if (!(await step(rate))) {
        bad = rate;
        break;
      }
      good = rate;
    }
  }
  for (let i = 0; i < 2 && bad - good > Math.max(2, good * 0.05); i += 1) {
    const mid = Math.round((good + bad) / 2);
    if (await step(mid)) good = mid;
    else bad = mid;
  }
  return { capacity: good, steps };
}

/** Twice `capacity` for `duration`, then half of it: the rows to print. */
export async function overload(run: RunAt, capacity: number, duration: string, label = ''): Promise<Step[]> {
  await pause();
  const twice = await run(capacity * 2, duration);
  // Straight after, without a pause: recovery is part of what is measured.
  const recovery = await run(Math.max(1, Math.round(capacity / 2)), RECOVERY);
  return [
    { phase: `2× capacity${label}`, rate: capacity * 2, ...twice },
    { phase: `recovery (½×)${label}`, rate: Math.max(1, Math.round(capacity / 2)), ...recovery },
  ];
}
