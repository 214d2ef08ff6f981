import { STORAGE_KEYS } from '@shm/contracts';
import { localStore } from '../../../lib/persisted-storage';

/** The flags as kept in localStorage: every known flag a boolean (absent means off). */
export function readCachedFlags<Name extends string>(names: readonly Name[]): Record<Name, boolean> | undefined {
  // No storage (node, blocked) or not JSON: as if nothing were cached.
  const value = localStore.readJson(STORAGE_KEYS.featureFlags);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const stored = value as Record<string, unknown>;
  // One wrong value means the whole entry is not ours to trust: all off until the server answers.
  if (names.some((name) => stored[name] !== undefined && typeof stored[name] !== 'boolean')) return undefined;
  return Object.fromEntries(names.map((name) => [name, stored[name] === true])) as Record<Name, boolean>;
}

export function writeCachedFlags(flags: Record<string, boolean>): void {
  localStore.write(STORAGE_KEYS.featureFlags, flags); // storage full or unavailable: the next visit starts all off
}
