import { CALCULATOR_DEFAULTS, DEFAULT_ECONOMICS_RESULTS, type CalculatorParams, type LinkedNode, type NodeStatus, type PortfolioEntry, type PortfolioTotals, type Scenario, type ScenarioResults } from '@shm/contracts';

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
      ...CALCULATOR_DEFAULTS,
      ...overrides.parameters,
    },
    results: {
      ...DEFAULT_ECONOMICS_RESULTS,
      ...overrides.results,
    },
  };
}
