import type { EndpointResponse } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import type { NetworkData } from './schemas';

/** Examples the network, price and calculation docs share. */
export const networkExample: NetworkData = {
  totalNodes: 255,
  activeSlots: 22,
  standbyNodes: 412,
  communityNodes: 434,
  totalFoundationNodes: 233,
  totalCommunityNodes: 22,
  source: 'archiver_live_data_foundation_233_community_22_active_255_standby_412',
  isEstimate: false,
  lastUpdated: '2025-11-21T12:00:00.000Z',
  syncingNodes: 3,
  desiredNodes: 300,
  cycleCounter: 61234,
  cycleDurationSeconds: 60,
  rewardPerHour: 10,
  stakeRequired: 2400,
};

/** The 503 of a route whose data is fetched in the background, before the first fetch. */
export const notYet = (message: string): EndpointResponse => ({
  status: 503,
  description: 'Nothing has been fetched yet',
  schema: ErrorReplySchema,
  example: { error: { code: 'SERVICE_UNAVAILABLE', message, requestId: '5f0c…' } },
});
