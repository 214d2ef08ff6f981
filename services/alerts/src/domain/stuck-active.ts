import type { NodeChange } from '@shm/contracts';

/**
 * "Stuck active" (docs/alerts.md, "New triggers"): a node active far longer than the periods the
 * network shows. The network's rotation figures give a median period, not its tail, so the alerts
 * service observes the tail itself: every `nodes.changed` event names each node leaving the active
 * set, and a move's id names the cycle it entered it in (`<sinceCycle>:<key>:left-active`), so each
 * departure is one period's length in cycles, whoever watches the node.
 */

export interface StuckRules {
  /** Alert past P99 × factor (ALERT_STUCK_FACTOR). */
  factor: number;
  /** No alert until this many periods were observed (ALERT_STUCK_MIN_PERIODS): a P99 of a handful says nothing. */
  minPeriods: number;
  /** The newest periods the P99 is taken over (ALERT_STUCK_SAMPLE). */
  sample: number;
}

/** The length in cycles of the active period a departure ends; null for any other change. */
export function endedPeriodCycles(change: NodeChange): number | null {
  if (change.from !== 'active' || change.to !== 'gone') return null;
  const match = /^(\d+):[0-9a-f]+:left-active$/.exec(change.id);
  if (!match) return null;
  const cycles = change.cycle - Number(match[1]);
  return cycles >= 0 ? cycles : null;
}

/** The nearest-rank 99th percentile: the smallest length at least 99 % of the sample do not exceed. */
export function p99(lengths: number[]): number | null {
  if (!lengths.length) return null;
  const sorted = [...lengths].sort((a, b) => a - b);
  return sorted[Math.ceil(0.99 * sorted.length) - 1] ?? null;
}

/** From how many cycles active a node is stuck, or null while too few periods were seen. */
export function stuckAfterCycles(lengths: number[], rules: StuckRules): { p99Cycles: number; threshold: number } | null {
  if (lengths.length < rules.minPeriods) return null;
  const tail = p99(lengths);
  return tail === null ? null : { p99Cycles: tail, threshold: Math.ceil(tail * rules.factor) };
}
