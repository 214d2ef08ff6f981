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
function netAPY(reward: number, cost: number, price: number, stake: number, active: number, standby: number): number {
  const monthlySHM = rewardPerMonth(reward) * expectedActiveShare(active, standby);
  return percentOf((monthlySHM * price - cost) * MONTHS_PER_YEAR, stake * price);
}

/** Net APY with `input` scaled by `factor`, the others exactly as they are. */
function netAPYWith(inputs: NetAPYInputs, input: SensitivityInput, factor: number): number {
  return netAPY(
    valueOf(inputs, 'rewardPerHour', input, factor),
    valueOf(inputs, 'nodeCostPerMonth', input, factor),
    valueOf(inputs, 'shmPrice', input, factor),
    valueOf(inputs, 'shmStake', input, factor),
    valueOf(inputs, 'activeCommunityNodes', input, factor),
    valueOf(inputs, 'standbyNodes', input, factor),
  );
}

// Module-level helpers rather than closures: the engine runs per request, and a closure per call
// costs more than the arithmetic (tsx also names each one as it is created).
function valueOf(inputs: NetAPYInputs, name: SensitivityInput, moved: SensitivityInput, factor: number): number {
  return name === moved ? inputs[name] * factor : inputs[name];
}

function impact(entry: SensitivityEntry): number {
  return Math.max(Math.abs(entry.deltaLow), Math.abs(entry.deltaHigh));
}

/**
 * Net APY with each input at −20 % and +20 %, the others held, largest impact first (ties keep
 * the contract's input order). Node counts move as real numbers: a what-if, not a network.
 */
export function sensitivity(inputs: NetAPYInputs, baseNetAPY: number): SensitivityEntry[] {
  const entries = SENSITIVITY_INPUTS.map((input) => {
    const netAPYLow = netAPYWith(inputs, input, 1 - STEP);
    const netAPYHigh = netAPYWith(inputs, input, 1 + STEP);
    return { input, netAPYLow, netAPYHigh, deltaLow: netAPYLow - baseNetAPY, deltaHigh: netAPYHigh - baseNetAPY };
  });
  return entries.sort((a, b) => impact(b) - impact(a));
}
