import type { NetworkData } from '@shm/contracts';

/** The mainnet-like sample of the network's figures (255 active, 22 community slots, 412 standby) for tests. */
export const sampleNetworkData = (fields: Partial<NetworkData> = {}): NetworkData => ({
  totalNodes: 255,
  activeSlots: 22,
  standbyNodes: 412,
  communityNodes: 434,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: '2025-11-21T12:00:00.000Z',
  ...fields,
});
