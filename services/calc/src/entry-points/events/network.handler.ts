import { eventHandler } from '@shm/platform/jobs';
import type { LiveDefaultsState } from '../../domain/live-defaults';

/** `network.updated` into the live calculator defaults (one group per instance; the newest snapshot first). */
export const liveDefaultsHandler = (state: LiveDefaultsState, group: string) =>
  eventHandler({ event: 'network.updated', group, latest: true, run: ({ network }, { id }) => state.apply(network, id) });
