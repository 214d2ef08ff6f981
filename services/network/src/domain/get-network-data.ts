import { ErrorCode, type NetworkData } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { SnapshotStore } from './ports';

export const NETWORK_NOT_READY = 'Network data is not available yet';

/** The stored snapshot; 503 before the first poll has finished. */
export async function getNetworkData(snapshots: SnapshotStore): Promise<NetworkData> {
  const snapshot = await snapshots.get();
  if (!snapshot) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, NETWORK_NOT_READY);
  return snapshot;
}
