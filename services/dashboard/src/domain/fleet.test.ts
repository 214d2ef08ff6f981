import type { NodeWindow, PortfolioEntry } from '@shm/contracts';
import { fleetMoneyOf, fleetOf } from './fleet';

const NOW = new Date('2026-01-31T00:00:00Z');
const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
const window = (days: number, activations: number, standbyCycles: number, incidents = NONE): NodeWindow => ({
  days, activations, standbyCycles, selectionRate: 0.01, expectedActivations: standbyCycles * 0.01, incidents,
});

function entry(id: string, fields: { investment: number; months: number; earned?: number; windows?: { days7: NodeWindow; days30: NodeWindow } | null; periods?: { start: string; end: string | null; earnedSHM: number }[] }): PortfolioEntry {
  const earned = fields.earned ?? 0;
  const status = fields.windows === null ? null : {
    publicKey: id.repeat(64).slice(0, 64), state: 'standby' as const, since: '2026-01-21T12:20:00.000Z', firstSeen: '2025-12-01T00:00:00.000Z',
    lastChange: null, activePeriods: fields.periods ?? [], earnedSHM: earned, ...(fields.windows ? { windows: fields.windows } : {}),
  };
  return {
    id, walletAddress: '0x0', nodeCount: 1, actualInvestment: fields.investment, shmPriceAtEntry: 0.1, actualRewards: 0, entryDate: '2026-01-01',
    label: ` Node ${id} `, nodePublicKey: id.repeat(64).slice(0, 64),
    performance: { monthsElapsed: fields.months, expectedRewards: 0, ratio: null, source: status ? 'node' : 'typed' },
    node: { status, timeInStateSeconds: status ? 9.5 * 86_400 : null, activePeriodsThisMonth: 0, earnedThisMonthSHM: 0, earnedSHM: earned, standbyWait: null },
    createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(),
  };
}

// Priced with a profile: 0.2 USD per SHM, 30 USD per node a month.
const money = fleetMoneyOf({
  id: 'p', walletAddress: '0x0', isDefault: true, profileName: 'Plan', investmentAmount: 0, targetTimeframe: 12, targetEarnings: 0,
  riskTolerance: 'moderate', preferredShmPrice: 0.2, customNodeCost: 30, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(),
});

const entries = [
  // U: unlucky. 30 days: 0 of 500 cycles × 1 % = 5 expected, P = 0.99^500 = 0.0065705 < 0.01: flagged.
  // 7 days: 116.6 cycles → 1.166 expected, shown 1.17; P over 117 cycles = 0.99^117 = e^−1.17589 = 0.30855.
  entry('a', { investment: 1000, months: 1, windows: { days7: window(7, 0, 116.6), days30: window(30, 0, 500) } }),
  // R: lost and refuted, and 1 of 1.2 expected (P = 0.662265, not flagged). Active 01-20 00:00 → 01-21 12:20 = 36 h 20 min.
  entry('b', {
    investment: 1000, months: 1, earned: 123.456,
    windows: { days7: window(7, 0, 0), days30: window(30, 1, 120, { ...NONE, lost: 1, refuted: 1 }) },
    periods: [{ start: '2026-01-20T00:00:00.000Z', end: '2026-01-21T12:20:00.000Z', earnedSHM: 123.456 }],
  }),
  // S: standby, 116.6 cycles in both windows: 1.17 shown each.
  entry('c', { investment: 500, months: 0.5, windows: { days7: window(7, 0, 116.6), days30: window(30, 0, 116.6) } }),
  // X: the network service could not be asked.
  entry('d', { investment: 0, months: 1, windows: null }),
  // An older network service without windows: figures, but no health.
  entry('e', { investment: 0, months: 0 }),
];

describe('fleetOf', () => {
  it('when nodes are unlucky, lost and refuted, or unavailable, then each row says so and the Σ row adds what the rows show', () => {
    const fleet = fleetOf(entries, money, NOW);
    if (!fleet) throw new Error('no fleet');
    const [u, r, s, x, e] = fleet.rows;
    expect(u).toMatchObject({ label: 'Node a', state: 'standby', unlikelyLuck: true, health: 100, days7: { activations: 0, expectedActivations: 1.17 }, days30: { activations: 0, expectedActivations: 5 } });
    expect(u?.days30.pValue).toBeCloseTo(0.0065705, 6);
    expect(u?.days7.pValue).toBeCloseTo(0.30855, 4);
    // −30 USD of cost on 1000 + 30: −2.9126 %.
    expect(u).toMatchObject({ earnedSHM: 0, stakeUSD: 1000, costUSD: 30, netUSD: -30 });
    expect(u?.netReturn).toBeCloseTo(-30 / 1030, 12);

    // Two events that are not chance: 100 − 2 × 10 = 80. Its 7-day window expects nothing (no whole cycle).
    expect(r).toMatchObject({ unlikelyLuck: false, health: 80, incidents: { ...NONE, lost: 1, refuted: 1 }, days7: { expectedActivations: 0, pValue: null }, days30: { activations: 1, expectedActivations: 1.2 } });
    expect(r?.days30.pValue).toBeCloseTo(0.662265, 5);
    // 123.456 SHM shown 123.46; 36 h 20 min = 36.33 h; net 123.456 × 0.2 − 30 = −5.3088 → −5.31.
    expect(r).toMatchObject({ earnedSHM: 123.46, activeHours: 36.33, netUSD: -5.31 });
    expect(r?.netReturn).toBeCloseTo(-5.3088 / 1030, 12);

    expect(s).toMatchObject({ unlikelyLuck: false, health: 100, costUSD: 15, netUSD: -15 });
    expect(x).toMatchObject({ state: 'unavailable', health: null, days30: { activations: 0, expectedActivations: null, pValue: null }, netReturn: -1 });
    expect(e).toMatchObject({ health: null, netReturn: null, costUSD: 0 });

    // Σ: 7 days 1.17 + 0 + 1.17 = 2.34 (the unrounded 2.332 would show 2.33); 30 days 5 + 1.2 + 1.17 = 7.37;
    // stake 2500, cost 30 + 30 + 15 + 30 = 105, net −30 − 5.31 − 15 − 30 = −80.31, return −80.31 / 2605.
    expect(fleet.totals).toEqual({
      nodes: 5,
      days7: { activations: 0, expectedActivations: 2.34 },
      days30: { activations: 1, expectedActivations: 7.37 },
      unlikelyLuck: 1,
      activeHours: 36.33,
      earnedSHM: 123.46,
      stakeUSD: 2500,
      costUSD: 105,
      netUSD: -80.31,
      netReturn: expect.closeTo(-80.31 / 2605, 12) as unknown,
      incidents: 2,
    });
    expect(fleet.money).toEqual({ profileName: 'Plan', shmPrice: 0.2, nodeCostPerMonth: 30 });
  });

  it('when the wallet has no profile, then each entry’s price at entry is used and nothing is charged; with no linked node there is no fleet', () => {
    const fleet = fleetOf([entries[1] as PortfolioEntry], fleetMoneyOf(undefined), NOW);
    // 123.456 × 0.1 = 12.3456 → 12.35 USD on a stake of 1000.
    expect(fleet?.rows[0]).toMatchObject({ costUSD: 0, netUSD: 12.35 });
    expect(fleet?.money).toEqual({ profileName: null, shmPrice: null, nodeCostPerMonth: 0 });
    expect(fleetOf([{ ...(entries[0] as PortfolioEntry), nodePublicKey: null }], money, NOW)).toBeUndefined();
  });
});
