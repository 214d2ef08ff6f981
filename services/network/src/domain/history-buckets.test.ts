import type { NetworkData, NetworkHistoryPoint } from '@shm/contracts';
import { averagePoints, bucketStart, byHour, FIVE_MINUTES_MS, HOUR_MS, pointOf } from './history-buckets';

const snapshot: NetworkData = {
  totalNodes: 255,
  activeSlots: 22,
  standbyNodes: 412,
  communityNodes: 434,
  totalFoundationNodes: 233,
  totalCommunityNodes: 22,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2025-11-21T10:07:12.000Z',
  rewardPerHour: 10,
  stakeRequired: 2400,
};

const point = (t: string, fields: Partial<NetworkHistoryPoint>): NetworkHistoryPoint => ({
  t,
  active: 0,
  standby: 0,
  community: 0,
  priceUsd: null,
  estimate: false,
  ...fields,
});

describe('bucketStart', () => {
  it('when a moment is inside a bucket, then the bucket starts at the last multiple of its size since the epoch', () => {
    // 10:07:59.999 lies in the 5-minute bucket 10:05–10:10 and in the hour 10:00–11:00.
    expect(bucketStart(new Date('2025-11-21T10:07:59.999Z'), FIVE_MINUTES_MS).toISOString()).toBe('2025-11-21T10:05:00.000Z');
    expect(bucketStart(new Date('2025-11-21T10:59:59.999Z'), HOUR_MS).toISOString()).toBe('2025-11-21T10:00:00.000Z');
    expect(bucketStart(new Date('2025-11-21T11:00:00.000Z'), HOUR_MS).toISOString()).toBe('2025-11-21T11:00:00.000Z');
  });
});

describe('pointOf', () => {
  it('when a live snapshot is recorded, then its counts, parameters and the price fill its 5-minute bucket', () => {
    expect(pointOf(snapshot, 0.1172, new Date('2025-11-21T10:07:12.000Z'))).toEqual({
      t: '2025-11-21T10:05:00.000Z',
      active: 255,
      standby: 412,
      community: 22,
      foundation: 233,
      priceUsd: 0.1172,
      rewardPerHour: 10,
      stakeRequired: 2400,
      estimate: false,
    });
  });

  it('when the split and the economics are unknown, then those keys are left out, not stored empty', () => {
    const { totalFoundationNodes: _f, totalCommunityNodes: _c, rewardPerHour: _r, stakeRequired: _s, ...bare } = snapshot;
    const recorded = pointOf({ ...bare, isEstimate: true }, null, new Date('2025-11-21T10:00:00.000Z'));
    expect(Object.keys(recorded).sort()).toEqual(['active', 'community', 'estimate', 'priceUsd', 'standby', 't']);
    expect(recorded.estimate).toBe(true);
    expect(recorded.priceUsd).toBeNull();
  });
});

describe('averagePoints', () => {
  it('when buckets are averaged, then counts are means to 0.1, the price a mean of known prices to 6 digits, reward and stake the latest known', () => {
    const averaged = averagePoints(
      [
        point('2025-11-21T10:00:00.000Z', { active: 255, standby: 410, community: 22, foundation: 233, priceUsd: 0.1, rewardPerHour: 10, stakeRequired: 2400 }),
        point('2025-11-21T10:05:00.000Z', { active: 256, standby: 411, community: 21, foundation: 235, priceUsd: null, rewardPerHour: 11, stakeRequired: 2400, estimate: true }),
        point('2025-11-21T10:10:00.000Z', { active: 256, standby: 413, community: 21, priceUsd: 0.1 }),
        point('2025-11-21T10:15:00.000Z', { active: 256, standby: 413, community: 21, priceUsd: 0.11 }),
      ],
      new Date('2025-11-21T10:00:00.000Z'),
    );
    // active (255+256+256+256)/4 = 255.75 → 255.8; standby (410+411+413+413)/4 = 411.75 → 411.8;
    // community (22+21+21+21)/4 = 21.25 → 21.3; foundation over the two that knew it (233+235)/2 = 234;
    // price over the three known (0.1+0.1+0.11)/3 = 0.103333… → 0.103333; reward 11 (the last given),
    // stake 2400; one estimate makes the bucket an estimate.
    expect(averaged).toEqual({
      t: '2025-11-21T10:00:00.000Z',
      active: 255.8,
      standby: 411.8,
      community: 21.3,
      foundation: 234,
      priceUsd: 0.103333,
      rewardPerHour: 11,
      stakeRequired: 2400,
      estimate: true,
    });
  });

  it('when no bucket knew the price or the split, then the price is null and foundation is left out', () => {
    const averaged = averagePoints([point('2025-11-21T10:00:00.000Z', { active: 3 }), point('2025-11-21T10:05:00.000Z', { active: 4 })], new Date('2025-11-21T10:00:00.000Z'));
    // (3+4)/2 = 3.5
    expect(averaged).toEqual({ t: '2025-11-21T10:00:00.000Z', active: 3.5, standby: 0, community: 0, priceUsd: null, estimate: false });
  });
});

describe('byHour', () => {
  it('when points span hours, then each hour holds its own points and the hours come oldest first', () => {
    const a = point('2025-11-21T11:00:00.000Z', {});
    const b = point('2025-11-21T10:55:00.000Z', {});
    const c = point('2025-11-21T10:05:00.000Z', {});
    expect(byHour([a, b, c])).toEqual([
      { hour: new Date('2025-11-21T10:00:00.000Z'), points: [b, c] },
      { hour: new Date('2025-11-21T11:00:00.000Z'), points: [a] },
    ]);
  });
});
