/**
 * The one way the web keeps state in the browser (spec §3 keys): reads that never throw, writes
 * that fail quietly. Storage can be blocked (private mode), full, or hold text someone else wrote;
 * then the state lasts for this page only, as if nothing were stored.
 */
export interface PersistedStorage {
  read(key: string): string | null;
  /** The parsed JSON under `key`; undefined when absent or not JSON. */
  readJson(key: string): unknown;
  /** Strings are stored as they are, anything else as JSON. */
  write(key: string, value: unknown): void;
  remove: (key: string) => void;
  keys(): string[];
}

/** The slice of the Web Storage API used here. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** A store with localStorage's surface kept in memory: the fallback where storage is blocked, and the tests'. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    // Web Storage keeps any value as its string (write can hand it JSON.stringify's undefined); so does this.
    setItem: (k, v: unknown) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

export const quietly = <T>(run: () => T, fallback: T): T => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

/** Wraps a store (localStorage by default, looked up on each use so a blocked one is just absent). */
export function persistedStorage(store: () => KeyValueStore | null = () => localStorage): PersistedStorage {
  const read = (key: string) => quietly(() => store()?.getItem(key) ?? null, null);
  return {
    read,
    readJson: (key) => quietly(() => (JSON.parse(read(key) ?? 'null') as unknown) ?? undefined, undefined),
    write: (key, value) => quietly(() => store()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value)), undefined),
    remove: (key) => quietly(() => store()?.removeItem(key), undefined),
    keys: () =>
      quietly(() => {
        const s = store();
        return s ? Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null) : [];
      }, []),
  };
}

/** The browser's localStorage. */
export const localStore = persistedStorage();
