import { DEFAULT_ACTIVE_PERIOD_HOURS, HOURS_PER_MONTH } from '@shm/contracts';

/**
 * How random rotation shapes a node's month (docs/methodology.md, "Risk bands"): the month is cut
 * into `opportunities` active periods; in each, a node is active with probability `share`
 * independently, so its active periods K ~ Binomial(opportunities, share) and its month's reward is
 * rewardPerMonth × K / opportunities. The mean is exactly rewardPerMonth × share, the expected value.
 */
export interface RotationModel {
  activePeriodHours: number;
  /** Whole active periods in a 30-day month; the period is stretched slightly to fit a whole number. */
  opportunities: number;
  share: number;
}

export function rotationModel(activePeriodHours: number | undefined, share: number): RotationModel {
  const hours = activePeriodHours ?? DEFAULT_ACTIVE_PERIOD_HOURS;
  return { activePeriodHours: hours, opportunities: Math.max(1, Math.round(HOURS_PER_MONTH / hours)), share };
}
