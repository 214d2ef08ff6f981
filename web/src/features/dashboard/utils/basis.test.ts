import type { PerformanceBasis } from '@shm/contracts';
import { describeBasis } from './basis';

const basis: PerformanceBasis = {
  rewardPerHour: 10,
  activeCommunityNodes: 20,
  standbyNodes: 200,
  // 10 × 720 × 20 / 220 = 654.5454…
  monthlySHMPerNode: 654.5454545,
  source: 'live',
  lastUpdated: '2026-01-01T00:00:00.000Z',
};

describe('describeBasis', () => {
  it('when the basis is live, then it says so with the figures used', () => {
    expect(describeBasis(basis)).toBe(
      "Expected rewards use today's live network parameters (10 SHM per hour, 20 active of 220 community nodes: 654.55 SHM per node per 30-day month).",
    );
  });

  it('when no snapshot was seen, then it says the defaults are used', () => {
    // 0.48 × 720 × 250 / 1300 = 66.4615…
    const admin = { rewardPerHour: 0.48, activeCommunityNodes: 250, standbyNodes: 1050, monthlySHMPerNode: 66.4615 };
    expect(describeBasis({ ...basis, ...admin, source: 'defaults', lastUpdated: null })).toBe(
      'No live network data yet: expected rewards use the calculator defaults (0.48 SHM per hour, 250 active of 1,300 community nodes: 66.46 SHM per node per 30-day month).',
    );
  });
});
