import { STORAGE_KEYS } from '../../../config/storage-keys';

/** The flags as kept in localStorage: every known flag a boolean (absent means off). */
export function readCachedFlags<Name extends string>(names: readonly Name[]): Record<Name, boolean> | undefined {
  let value: unknown;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.featureFlags);
    if (raw === null) return undefined;
    value = JSON.parse(raw);
  } catch {
    return undefined; // no storage (node, blocked) or not JSON: as if nothing were cached
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const stored = value as Record<string, unknown>;
  // One wrong value means the whole entry is not ours to trust: all off until the server answers.
  if (names.some((name) => stored[name] !== undefined && typeof stored[name] !== 'boolean')) return undefined;
  return Object.fromEntries(names.map((name) => [name, stored[name] === true])) as Record<Name, boolean>;
}

export function writeCachedFlags(flags: Record<string, boolean>): void {
  try {
    localStorage.setItem(STORAGE_KEYS.featureFlags, JSON.stringify(flags));
  } catch {
    // Storage full or unavailable: the next visit starts from all off, as without a cache.
  }
}
