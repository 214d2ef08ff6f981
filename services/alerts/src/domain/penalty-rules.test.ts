import type { NodeChange, NodeChangeKind, NodeStateOrUnknown } from '@shm/contracts';
import { checkDelay, penaltiesAfter, penaltyMayFollow, penaltyMessage, weiToShm, type PenaltyRecord } from './penalty-rules';

const T = Date.parse('2026-03-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const change = (kind: NodeChangeKind, from: NodeStateOrUnknown, to: NodeStateOrUnknown): NodeChange => ({ id: `9:${'ab'.repeat(32)}:${kind}`, publicKey: 'ab'.repeat(32), kind, from, to, cycle: 9, at: iso(T) });
const penalty = (atMs: number, txHash: string | null): PenaltyRecord => ({ txHash, at: iso(atMs), violation: 'refuted', amountWei: '1', value: null, currency: 'usd' });

describe('which incidents the chain may penalise (shardeum c08fc1e2: left early, syncing too long, refuted)', () => {
  it.each([
    ['refuted', 'active', 'active', true],
    ['apoptosized', 'active', 'gone', true],
    ['vanished', 'active', 'gone', true],
    ['apoptosized', 'syncing', 'gone', true],
    ['vanished', 'syncing', 'gone', true],
    ['removed', 'syncing', 'gone', true],
    ['lost', 'active', 'active', false],
    ['removed', 'active', 'gone', false],
    ['standby-removed', 'standby', 'gone', false],
    ['vanished', 'standby', 'gone', false],
    ['selected', 'standby', 'syncing', false],
    ['activated', 'syncing', 'active', false],
  ] as const)('when a node is %s (%s → %s), then checks follow: %s', (kind, from, to, expected) => {
    expect(penaltyMayFollow(change(kind, from, to))).toBe(expected);
  });
});

describe('the check schedule', () => {
  const rules = { scheduleMs: [60_000, 120_000], slackMs: 0 };
  it('when the incident began 30 s ago, then the first check is due in 30 s, the second in 90 s, and there is no third', () => {
    const now = new Date(T + 30_000);
    expect(checkDelay(rules, 0, iso(T), now)).toBe(30_000);
    expect(checkDelay(rules, 1, iso(T), now)).toBe(90_000);
    expect(checkDelay(rules, 2, iso(T), now)).toBeNull();
  });

  it('when a check is late (the worker was down), then it is due at once', () => {
    expect(checkDelay(rules, 1, iso(T), new Date(T + 200_000))).toBe(0);
  });
});

describe('the penalties an incident tells', () => {
  it('when penalties are dated before and after the incident, then those from 10 min before on with a hash are told, oldest first', () => {
    const rows = [penalty(T + 120_000, '0xc'), penalty(T - 660_000, '0xold'), penalty(T - 300_000, '0xb'), penalty(T + 60_000, null)];
    expect(penaltiesAfter(rows, iso(T), 600_000).map((row) => row.txHash)).toEqual(['0xb', '0xc']);
  });
});

describe('what a penalty alert says', () => {
  it('when 4000 SHM are taken for a refutation on a day with a price, then the amount, the kind, the value and the transaction are named', () => {
    const row: PenaltyRecord = { txHash: '0xabc', at: iso(T), violation: 'refuted', amountWei: '4000000000000000000000', value: 12.5, currency: 'usd' };
    expect(penaltyMessage('Box', row)).toBe(
      "Node Box: penalty applied: 4,000 SHM taken from the stake for being refuted (it was reported lost, then answered) [refuted], worth 12.50 USD at that day's price (transaction 0xabc)",
    );
  });

  it('when the day has no price, then the value is left out', () => {
    const row: PenaltyRecord = { txHash: '0xd', at: iso(T), violation: 'syncing-too-long', amountWei: '1500000000000000001', value: null, currency: 'eur' };
    expect(penaltyMessage('Box', row)).toBe('Node Box: penalty applied: 1.500000000000000001 SHM taken from the stake for syncing too long (it did not become active in time) [syncing-too-long] (transaction 0xd)');
  });

  it.each([
    ['1234567890123456789012', '1,234.567890123456789012'],
    ['20000000000000000000', '20'],
    ['1', '0.000000000000000001'],
  ])('when the amount is %s wei, then it reads %s SHM, exact to the wei and grouped as the dashboard shows it', (wei, shm) => {
    expect(weiToShm(wei)).toBe(shm);
  });
});
