import type { NetworkAccountParams, NetworkEconomics } from './ports';

const HOUR_MS = 3_600_000;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Shardeum pays `nodeRewardAmountUsd` per `nodeRewardInterval` of active time and requires
 * `stakeRequiredUsd`, both converted to SHM by the stability factor mul / div
 * (shardeum `scaleByStabilityFactor`). Returns SHM per active hour and SHM of stake.
 */
export function economicsFromAccount(account: NetworkAccountParams): NetworkEconomics | undefined {
  const { nodeRewardAmountUsd, nodeRewardInterval, stakeRequiredUsd, stabilityScaleMul, stabilityScaleDiv } = account;
  if (nodeRewardInterval <= 0 || stabilityScaleDiv <= 0) return undefined;
  const shmPerUsd = stabilityScaleMul / stabilityScaleDiv;
  const rewardPerHour = nodeRewardAmountUsd * shmPerUsd * (HOUR_MS / nodeRewardInterval);
  const stakeRequired = stakeRequiredUsd * shmPerUsd;
  if (!Number.isFinite(rewardPerHour) || !Number.isFinite(stakeRequired)) return undefined;
  return { rewardPerHour: round6(rewardPerHour), stakeRequired: round6(stakeRequired) };
}
