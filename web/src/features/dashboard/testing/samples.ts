import type { PortfolioEntry } from '@shm/contracts';

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
  performance: { monthsElapsed: 1.0333, expectedRewards: 1352.7273, ratio: 0.924 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
