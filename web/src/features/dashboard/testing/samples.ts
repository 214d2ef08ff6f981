import type { CalculatorParams, LinkedNode, NodeStatus, PortfolioEntry, PortfolioTotals, Scenario, ScenarioResults } from '@shm/contracts';

/** A portfolio entry as the API returns it, for the dashboard's tests. */
export const sampleEntry: PortfolioEntry = {
  id: 'e1',
  walletAddress: '0xabc',
  nodeCount: 2,
  actualInvestment: 700,
  shmPriceAtEntry: 0.12,
  actualRewards: 1250,
  entryDate: '2026-01-01',
  label: 'First two',
  nodePublicKey: null,
  performance: { monthsElapsed: 1.0333, expectedRewards: 1352.7273, ratio: 0.924, source: 'typed' },
  node: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const sampleKey = 'a1b2c3d4'.repeat(8);

/** A node status as the network service answers it. */
export const sampleStatus = (overrides: Partial<NodeStatus> = {}): NodeStatus => ({
  publicKey: sampleKey,
  state: 'active',
  since: '2026-03-10T09:00:00.000Z',
  firstSeen: '2026-03-01T00:00:00.000Z',
  lastChange: 'activated',
  activePeriods: [],
  earnedSHM: 0,
  ...overrides,
});

/** An entry linked to one node, in the given node state. */
export function linkedEntry(node: Partial<LinkedNode> = {}, entry: Partial<PortfolioEntry> = {}): PortfolioEntry {
  return {
    ...sampleEntry,
    id: 'e2',
    label: 'Home validator',
    nodeCount: 1,
    nodePublicKey: sampleKey,
    performance: { monthsElapsed: 0.5, expectedRewards: 200, ratio: 0.95, source: 'node' },
    node: {
      status: sampleStatus(),
      timeInStateSeconds: 3 * 3600 + 600,
      activePeriodsThisMonth: 2,
      earnedThisMonthSHM: 150,
      earnedSHM: 190,
      standbyWait: null,
      ...node,
    },
    ...entry,
  };
}

export const sampleTotals: PortfolioTotals = {
  entries: 3,
  nodes: 4,
  linkedNodes: 2,
  states: { active: 1, syncing: 0, standby: 1, gone: 0, unknown: 0, unavailable: 0 },
  actualSHM: 1440,
  expectedSHM: 1552.7273,
  ratio: 0.9274,
};

/** A saved scenario at the calculator-page defaults (spec §3) and their results, for the comparison tests. */
export function sampleScenario(id: string, name: string, overrides: { parameters?: Partial<CalculatorParams>; results?: Partial<ScenarioResults> } = {}): Scenario {
  return {
    id,
    scenarioName: name,
    profileId: null,
    walletAddress: '0xabc',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    parameters: {
      totalNodes: 256,
      activeCommunityNodes: 20,
      standbyNodes: 200,
      rewardPerHour: 10,
      nodeCostPerMonth: 35,
      shmPrice: 0.1265,
      shmStake: 2400,
      totalSupply: 249_000_000,
      circulatingSupply: 80_000_000,
      investmentAmount: 10_000,
      targetEarnings: 100_000,
      targetTimeframe: 12,
      targetShmPrice: 1,
      ...overrides.parameters,
    },
    results: {
      yearlyIssuance: 22_118_400,
      inflationTotal: 8.8829,
      inflationCirculating: 27.648,
      monthlySHM: 654.5454,
      monthlyUSD: 82.8,
      monthlyProfit: 47.8,
      stakeValue: 303.6,
      returnPercent: 15.74,
      breakEven: 6.35,
      annualReturn: 573.6,
      expectedActiveTime: 9.0909,
      networkParticipation: 7.8125,
      maxNodes: 32,
      timeToTarget: 65.4,
      projectedEarnings: 18_355.2,
      requiredMonthlyInvestment: 53_130,
      isTargetAchievable: false,
      projectedEarningsWithPriceGain: 304_990.25,
      stakingGains: 67_084.8,
      priceAppreciationFactor: 7.9051,
      grossAPY: 327.27,
      netAPY: 188.93,
      ...overrides.results,
    },
  };
}
