import type { NetworkChange } from '@shm/contracts';
import type { AlertsDomain } from './deps';
import { networkChangeMessage, notifyNetworkChange } from './notify-network-change';
import type { AlertDestinationRecord, DeliveryRecord } from './ports';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const cut: NetworkChange = {
  id: 'nodeRewardAmountUsd@258915=0.0197192',
  cycle: 258_915,
  status: 'announced',
  seenAt: NOW.toISOString(),
  changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: 0.0197192 }],
  before: { rewardPerHour: 10, stakeRequired: 2400 },
  after: { rewardPerHour: 8, stakeRequired: 2400 },
};

/** Two wallets: one with a webhook and a Discord destination, one with a webhook; idempotent inserts as the repository's. */
function fakes() {
  const destinations: Record<string, AlertDestinationRecord[]> = {
    '0xa': [{ id: 'd1' } as AlertDestinationRecord, { id: 'd2' } as AlertDestinationRecord],
    '0xb': [{ id: 'd3' } as AlertDestinationRecord],
  };
  const deliveries = new Map<string, DeliveryRecord>();
  const queued: string[] = [];
  const domain = {
    now: () => NOW,
    alerts: {
      maxEventAgeMs: 3_600_000,
      destinations: { ofWallets: async (wallets: string[]) => new Map(wallets.map((wallet) => [wallet, destinations[wallet] ?? []])) },
      deliveries: {
        insert: async (d: DeliveryRecord) => !deliveries.has(d.id) && Boolean(deliveries.set(d.id, d)),
        get: async (id: string) => deliveries.get(id) ?? null,
      },
      queue: { enqueue: async (d: { id: string }) => void queued.push(d.id) },
    },
  } as unknown as AlertsDomain;
  return { domain, deliveries, queued, wallets: { all: async () => ['0xa', '0xb'] } };
}

describe('network change alerts', () => {
  it('when the reward is cut, then each destination of every wallet gets one alert saying 10 → 8 SHM from cycle C, and a redelivered event adds none', async () => {
    const { domain, deliveries, queued, wallets } = fakes();
    const event = { change: cut, at: NOW.toISOString() };
    expect(await notifyNetworkChange(domain, wallets, event, NOW)).toEqual({ notifications: 0, deliveries: 3 });
    expect(await notifyNetworkChange(domain, wallets, event, NOW)).toEqual({ notifications: 0, deliveries: 0 });
    expect([...deliveries.keys()]).toEqual(['d1', 'd2', 'd3'].map((d) => `network:${cut.id}:${d}`));
    // Still pending on the second pass: queued again under the same job id, which the queue drops.
    expect(queued).toHaveLength(6);
    expect(deliveries.get(`network:${cut.id}:d1`)?.alert).toEqual({
      type: 'network.changed',
      change: null,
      nodeLabel: 'Network',
      message: 'Network: reward per active hour 10 SHM → 8 SHM from cycle 258915 (announced). A node already active keeps the higher rate until it rotates out.',
      at: NOW.toISOString(),
    });
  });

  it('when a change moves no figure, then the parameters are named', () => {
    const version: NetworkChange = { ...cut, status: 'in-force', changes: [{ parameter: 'minVersion', from: '1.16.0', to: '1.17.0' }], before: cut.before, after: cut.before };
    expect(networkChangeMessage(version)).toBe('Network: minVersion 1.16.0 → 1.17.0 from cycle 258915 (in force).');
  });

  it('when the event is older than the alerts keep, then nobody is told', async () => {
    const { domain, wallets, deliveries } = fakes();
    await notifyNetworkChange(domain, wallets, { change: cut, at: NOW.toISOString() }, new Date(NOW.getTime() - 3_600_001));
    expect(deliveries.size).toBe(0);
  });
});
