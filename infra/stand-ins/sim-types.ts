// The simulation's node and per-cycle event shapes, shared by the simulation and the scripted nodes.

export interface SimNode {
  index: number;
  id: string;
  publicKey: string;
  externalIp: string;
  externalPort: number;
  internalIp: string;
  internalPort: number;
  foundation: boolean;
  standbyAt: number;
  /** The shardeum version its join request names (appJoinData.version); scripted nodes may set it, 1.16.3 otherwise. */
  version?: string;
  joinedAt?: number;
  activeAt?: number;
  leaveAt?: number;
}

/** What happened in one cycle, and the counts after it. */
export interface CycleEvents {
  counter: number;
  start: number;
  standbyAdd: SimNode[];
  joined: SimNode[];
  activated: SimNode[];
  removed: SimNode[];
  /** Only scripted nodes leave standby without being selected (`standbyRemove`, public keys). */
  standbyRemove: SimNode[];
  lost: SimNode[];
  refuted: SimNode[];
  apoptosized: SimNode[];
  active: number;
  standby: number;
  syncing: number;
  desired: number;
}
