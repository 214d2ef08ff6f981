import type { DayPrice, NodeStatus } from '@shm/contracts';
import { assembleNodeMoney } from './node-money';
import { KEY, PRICES_USD, threePeriodRead, TIMES } from './testing/three-periods';

const prices = new Map<string, DayPrice>(Object.entries(PRICES_USD).map(([day, price]) => [day, { day, price, source: 'history' as const }]));
const assemble = (status: NodeStatus | null) =>
  assembleNodeMoney({
    publicKey: KEY,
    wallet: undefined,
    currency: 'usd',
    source: { state: 'read', name: 'explorer', detail: 'Read from the explorer.', readAt: '2026-11-20T12:00:00.000Z' },
    read: threePeriodRead(),
    status,
    rateAt: () => 10,
    knownRates: [10],
    prices,
    standbyTtlCycles: 1440,
    cycleSeconds: 60,
    now: Date.parse('2026-11-20T10:30:00.000Z'),
  });

describe("the product's model beside the chain's figure", () => {
  it('when the model has an open period and the chain a period from before the tracking, then each reason is said with its SHM and nothing is left over', () => {
    // Tracked since period 2; active again since 10:00 (30 min at 10 SHM/h = 5 SHM so far).
    const status: NodeStatus = {
      publicKey: KEY,
      state: 'active',
      since: '2026-11-20T10:00:00.000Z',
      firstSeen: '2026-11-04T00:00:00.000Z',
      lastChange: 'activated',
      activePeriods: [
        { start: '2026-11-20T10:00:00.000Z', end: null, earnedSHM: 5 },
        { start: TIMES.p3[0], end: TIMES.p3[1], earnedSHM: 6.202778 },
        { start: TIMES.p2[0], end: TIMES.p2[1], earnedSHM: 32.5 },
      ],
      earnedSHM: 43.702778,
    };
    // Chain 58.702778 − model 43.702778 = 15 = 20 (period 1, before the tracking) − 5 (the open period).
    expect(assemble(status).reconciliation?.model).toEqual({
      earnedSHM: 43.702778,
      chainSHM: 58.702778,
      differenceSHM: 15,
      explanations: [
        'The active period since 2026-11-20T10:00:00.000Z is not claimed yet: the chain credits it when the node leaves the active set. The model counts 5 SHM for it so far.',
        "1 claimed period (20 SHM) ended before the product's tracking of this node reaches (2026-11-04T22:30:00.000Z): only the chain records it.",
        'Penalties (480 SHM) come out of the stake, not the reward: neither figure includes them.',
      ],
    });
  });

  it('when the product never tracked the node, then there is no model and it says so', () => {
    expect(assemble(null).reconciliation?.model).toEqual({
      earnedSHM: null,
      chainSHM: 58.702778,
      differenceSHM: null,
      explanations: ['The product has not tracked this node, so it has no model of its earnings to compare.'],
    });
  });
});
