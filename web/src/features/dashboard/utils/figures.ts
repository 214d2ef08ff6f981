import type { CalculatorParams, ScenarioResults } from '@shm/contracts';
import { formatBreakEven, formatNumber, formatPercent, formatPrice, formatShm, formatUsd } from '../../../lib/format';

/** One shown figure of a saved scenario: a stable id (test ids, comparison rows), its label and its text. */
export type Figure = [id: string, label: string, value: string];

/** A scenario's key results, in the order its details and the comparison list them. */
export const resultFigures = (r: ScenarioResults): Figure[] => [
  ['monthly-shm', 'Monthly SHM Rewards', formatShm(r.monthlySHM)],
  ['monthly-usd', 'Monthly Value', formatUsd(r.monthlyUSD)],
  ['gross-apy', 'Gross APY', formatPercent(r.grossAPY)],
  ['net-apy', 'Net APY', formatPercent(r.netAPY)],
  ['break-even', 'Break Even', formatBreakEven(r.breakEven)],
  ['active-time', 'Expected Active Time', formatPercent(r.expectedActiveTime)],
  ['max-nodes', 'Affordable Nodes', formatNumber(r.maxNodes, 0)],
  ['inflation', 'Inflation Rate', formatPercent(r.inflationTotal)],
];

/** The parameters a scenario was saved with. */
export const parameterFigures = (p: CalculatorParams): Figure[] => [
  ['totalNodes', 'Total Nodes', formatNumber(p.totalNodes, 0)],
  ['activeCommunityNodes', 'Active Community Nodes', formatNumber(p.activeCommunityNodes, 0)],
  ['standbyNodes', 'Standby Nodes', formatNumber(p.standbyNodes, 0)],
  ['rewardPerHour', 'Reward Per Hour', formatShm(p.rewardPerHour, 4)],
  ['nodeCostPerMonth', 'Node Cost Per Month', formatUsd(p.nodeCostPerMonth)],
  ['shmPrice', 'SHM Price', formatPrice(p.shmPrice)],
  ['shmStake', 'SHM Stake', formatShm(p.shmStake, 0)],
  ['totalSupply', 'Total Supply', formatShm(p.totalSupply, 0)],
  ['investmentAmount', 'Investment Amount', formatUsd(p.investmentAmount)],
  ['targetEarnings', 'Target Earnings', formatUsd(p.targetEarnings)],
  ['targetTimeframe', 'Target Timeframe', `${formatNumber(p.targetTimeframe, 0)} months`],
  ['targetShmPrice', 'Target SHM Price', formatPrice(p.targetShmPrice)],
];
