import type { LiveDefaultsReply } from '@shm/contracts';
import { appliedLiveDefaults } from './use-live-defaults';

const defaults = { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 412, activeNodes: 22, rewardPerHour: 10, shmStake: 2400 };
const reply = (overrides: Partial<LiveDefaultsReply> = {}): LiveDefaultsReply => ({
  defaults,
  source: 'archiver_live_data_foundation_233_community_22_active_255_standby_412',
  isEstimate: false,
  lastUpdated: '2026-11-25T12:00:00.000Z',
  ...overrides,
});

describe('appliedLiveDefaults', () => {
  it('when the snapshot is live and its split exact, then its values are applied', () => {
    expect(appliedLiveDefaults(reply({ communitySplit: { method: 'node-flags', knownFoundation: 233, knownCommunity: 22, unknown: 0 } }))).toBe(defaults);
  });

  it('when the split is a partial estimate, then the values are still applied (unknown flags never count as community)', () => {
    const partial = reply({ isEstimate: true, communitySplit: { method: 'partial', knownFoundation: 200, knownCommunity: 22, unknown: 33 } });
    expect(appliedLiveDefaults(partial)).toBe(defaults);
  });

  it('when the source is the published-specifications estimate, then nothing is applied, with or without counts in its label', () => {
    expect(appliedLiveDefaults(reply({ source: 'shardeum_official_specifications', isEstimate: true }))).toBeUndefined();
    expect(appliedLiveDefaults(reply({ source: 'shardeum_official_specifications_active_256', isEstimate: true }))).toBeUndefined();
  });

  it('when there is no reply, no defaults or no source yet, then nothing is applied', () => {
    expect(appliedLiveDefaults(undefined)).toBeUndefined();
    expect(appliedLiveDefaults(reply({ defaults: null }))).toBeUndefined();
    expect(appliedLiveDefaults(reply({ source: null }))).toBeUndefined();
  });
});
