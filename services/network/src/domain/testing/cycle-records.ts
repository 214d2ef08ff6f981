import type { CycleRecord } from '../ports';

/**
 * A cycle record with no node changes for tests: cycle `counter` of 60 s started at
 * 1 700 000 000 + counter × 60 (Unix seconds), 10 active and 20 standby nodes, unless `fields` say otherwise.
 */
export const quietCycle = (counter: number, fields: Partial<CycleRecord> = {}): CycleRecord => ({
  counter,
  start: 1_700_000_000 + counter * 60,
  duration: 60,
  active: 10,
  standby: 20,
  joined: [],
  activated: [],
  leftIds: [],
  removedIds: [],
  apoptosizedIds: [],
  lostIds: [],
  refutedIds: [],
  standbyAdded: [],
  standbyRemoved: [],
  ...fields,
});
