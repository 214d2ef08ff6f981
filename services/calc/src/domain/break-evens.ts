import { rewardPerMonth } from '@shm/contracts';

/** SHM price (USD) at which a node's rewards just pay its cost; null when it earns no SHM. */
export const breakEvenShmPrice = (nodeCostPerMonth: number, monthlySHM: number): number | null =>
  monthlySHM > 0 ? nodeCostPerMonth / monthlySHM : null;

/**
 * Standby count at which monthly profit is 0: rewardPerMonth × price × a / (a + s) = cost solved for s.
 * Null when nodes cost nothing (no standby count makes them unprofitable) or when the answer is
 * negative (unprofitable even with no standby at all).
 */
export function breakEvenStandbyNodes(params: {
  activeCommunityNodes: number;
  rewardPerHour: number;
  shmPrice: number;
  nodeCostPerMonth: number;
}): number | null {
  if (params.nodeCostPerMonth <= 0) return null;
  const standby = params.activeCommunityNodes * ((rewardPerMonth(params.rewardPerHour) * params.shmPrice) / params.nodeCostPerMonth - 1);
  return standby >= 0 ? standby : null;
}

/** Net APY after the circulating supply's inflation (the 'real reward rate'), %. */
export const realNetAPY = (netAPY: number, inflationCirculating: number): number =>
  ((1 + netAPY / 100) / (1 + inflationCirculating / 100) - 1) * 100;
