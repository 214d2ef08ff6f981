import {
  SENSITIVITY_INPUTS,
  MONTHS_PER_YEAR,
  expectedActiveShare,
  percentOf,
  rewardPerMonth,
  type CalculatorParams,
  type SensitivityEntry,
  type SensitivityInput,
} from '@shm/contracts';

/** How far each input is moved either way. */
const STEP = 0.2;

type NetAPYInputs = Pick<CalculatorParams, SensitivityInput>;

/** Net APY (%) from the six inputs it depends on, with the same arithmetic as calculateEconomics. */
export function netAPYOf(x: NetAPYInputs): number {
  const monthlySHM = rewardPerMonth(x.rewardPerHour) * expectedActiveShare(x.activeCommunityNodes, x.standbyNodes);
  const monthlyProfit = monthlySHM * x.shmPrice - x.nodeCostPerMonth;
  return percentOf(monthlyProfit * MONTHS_PER_YEAR, x.shmStake * x.shmPrice);
}

/**
 * Net APY with each input at −20 % and +20 %, the others held, largest impact first (ties keep
 * the contract's input order). Node counts move as real numbers: a what-if, not a network.
 */
export function sensitivity(p: NetAPYInputs, netAPY: number): SensitivityEntry[] {
  const entries = SENSITIVITY_INPUTS.map((input) => {
    const netAPYLow = netAPYOf({ ...p, [input]: p[input] * (1 - STEP) });
    const netAPYHigh = netAPYOf({ ...p, [input]: p[input] * (1 + STEP) });
    return { input, netAPYLow, netAPYHigh, deltaLow: netAPYLow - netAPY, deltaHigh: netAPYHigh - netAPY };
  });
  const impact = (e: SensitivityEntry) => Math.max(Math.abs(e.deltaLow), Math.abs(e.deltaHigh));
  return entries.sort((a, b) => impact(b) - impact(a));
}
