import type { CalculatorParams } from '../calc/schemas';
import type { NetworkChange, NetworkFigures } from './watch-schemas';

/** A change moves what the calculator reads: the reward per active hour or the stake in SHM. */
export const movesFigures = (change: NetworkChange): change is NetworkChange & { before: NetworkFigures; after: NetworkFigures } =>
  change.before !== undefined &&
  change.after !== undefined &&
  (change.before.rewardPerHour !== change.after.rewardPerHour || change.before.stakeRequired !== change.after.stakeRequired);

/** The newest change (of those given, newest first) that moves the calculator's figures. */
export const latestFigureChange = (changes: readonly NetworkChange[]) => changes.find(movesFigures);

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const scaled = (value: number, from: number, to: number) => (from > 0 ? round6((value * to) / from) : value);

/**
 * A saved scenario's parameters under a change of the network (docs/dashboard.md, "Scenarios
 * re-priced"): its reward per hour and stake scaled by what the change does to the network's (10 →
 * 8 SHM/h makes a scenario's 10 → 8 and a hand-typed 12 → 9.6); everything else as saved. The
 * figures are then the calculator's own (POST /api/calculations/economics), never worked out here.
 */
export function repricedParams(params: CalculatorParams, change: NetworkChange): CalculatorParams {
  if (!movesFigures(change)) return params;
  return {
    ...params,
    rewardPerHour: scaled(params.rewardPerHour, change.before.rewardPerHour, change.after.rewardPerHour),
    shmStake: scaled(params.shmStake, change.before.stakeRequired, change.after.stakeRequired),
  };
}

/**
 * The rate-lock rule (shardeum c08fc1e src/tx/claimReward.ts): a period is paid at the higher of the
 * rate when the node went active and the rate at the claim, so a node active when the reward is cut
 * keeps the old rate until it rotates out; the new figures hold from its next active period.
 */
export const RATE_LOCK_RULE =
  'A node already active when the reward is cut keeps the higher rate for that active period: the network pays each period at the higher of the rate when the node went active and the rate when it claims. The new figures apply from its next active period.';
