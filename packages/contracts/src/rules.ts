import { MAX_ACTIVE_PERIOD_HOURS, MIN_ACTIVE_PERIOD_HOURS } from './calc/schemas';
import type { LiveDefaults, NetworkData } from './network/schemas';

/** The client-side rules of spec §9, shared by every formula (calc's engine, the dashboard's portfolio performance). */
export const HOURS_PER_DAY = 24;
export const DAYS_PER_MONTH = 30;
export const MONTHS_PER_YEAR = 12;
export const HOURS_PER_MONTH = HOURS_PER_DAY * DAYS_PER_MONTH;
/** A target further away than this many months counts as unreachable. */
export const MAX_MONTHS_TO_TARGET = 120;

/** SHM one active node earns in a month of uninterrupted activity. */
export const rewardPerMonth = (rewardPerHour: number): number => rewardPerHour * HOURS_PER_MONTH;

/**
 * Share of time a community node can expect to spend active (and so paid): standby nodes rotate
 * into the active slots at random, so each community node is active activeCommunity / (active + standby) of the time.
 */
export const expectedActiveShare = (activeCommunityNodes: number, standbyNodes: number): number =>
  activeCommunityNodes / (activeCommunityNodes + standbyNodes);

/** Whole nodes an investment can stake; 0 when a stake costs nothing (the question has no finite answer). */
export function nodesAffordable(investment: number, stake: number, price: number): number {
  const stakeCost = stake * price;
  if (stakeCost <= 0) return 0;
  // A tiny tolerance keeps exact multiples (e.g. 2 × 303.6) from flooring one short through rounding;
  // the cap keeps absurdly small stake costs from producing an unsafe integer.
  return Math.min(Math.floor(investment / stakeCost + 1e-9), Number.MAX_SAFE_INTEGER);
}

/** `numerator / denominator × 100`, or 0 when the denominator is not positive. */
export const percentOf = (numerator: number, denominator: number): number =>
  denominator > 0 ? (numerator / denominator) * 100 : 0;

/**
 * Calculator parameters from a network snapshot (docs/network-data.md): the community's active
 * slots are both the active community nodes and the read-only Active Nodes. The form's minimum of 1
 * for total and active community nodes is kept even if the network reports 0.
 */
export function liveDefaultsFrom(network: NetworkData): LiveDefaults {
  return {
    totalNodes: Math.max(1, network.totalNodes),
    activeCommunityNodes: Math.max(1, network.activeSlots),
    standbyNodes: network.standbyNodes,
    activeNodes: network.activeSlots,
    ...(network.rewardPerHour !== undefined ? { rewardPerHour: network.rewardPerHour } : {}),
    ...(network.stakeRequired !== undefined ? { shmStake: network.stakeRequired } : {}),
    // The risk model's input range; an observed period outside it is clamped.
    ...(network.rotation && network.rotation.activePeriod.hours > 0
      ? { activePeriodHours: Math.min(MAX_ACTIVE_PERIOD_HOURS, Math.max(MIN_ACTIVE_PERIOD_HOURS, network.rotation.activePeriod.hours)) }
      : {}),
  };
}

/**
 * Cycles a standby node waits until it is picked, at quantile q (`quantile`), when each cycle picks it
 * with probability p (`pickChance`) (selection is uniform over standby: shardeum/core src/p2p/Join/v2/select.ts): the
 * wait is geometric, P(wait > t) = (1 − p)^t, so t_q = ln(1 − q) / ln(1 − p). The network service's
 * rotation figures and the methodology page both use it (docs/methodology.md).
 */
export function geometricQuantile(pickChance: number, quantile: number): number {
  if (pickChance >= 1) return 0;
  return Math.log(1 - quantile) / Math.log(1 - pickChance);
}
