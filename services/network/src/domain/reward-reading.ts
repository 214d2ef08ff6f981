import type { SnapshotStore } from './ports';

/**
 * The reward per hour of the stored snapshot when it was read from the network account (not an
 * estimate), with when it was read: what the node tracker's rate segments follow.
 */
export async function liveRewardPerHour(snapshots: SnapshotStore): Promise<{ rewardPerHour: number; at: string } | undefined> {
  const snapshot = await snapshots.get();
  const economics = snapshot?.provenance?.economics;
  if (!snapshot || snapshot.rewardPerHour === undefined || economics?.origin !== 'archiver') return undefined;
  return { rewardPerHour: snapshot.rewardPerHour, at: economics.at };
}
