import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { mockFetch } from '../../../testing/mock-fetch';
import { FLAGS_OFF, featureFlagsQueryOptions, flagsSettled, getFeatureFlags } from './get-feature-flags';

/** A localStorage stand-in (the unit tests run in node, which has none). */
function installStorage(seed: Record<string, string> = {}, { unreadable = false } = {}) {
  const data = new Map(Object.entries(seed));
  const storage = {
    getItem: (key: string) => {
      if (unreadable) throw new Error('SecurityError');
      return data.get(key) ?? null;
    },
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return data;
}

/** The flags kept under featureFlags, parsed; nothing kept fails the test by saying so. */
function kept(raw: string | null | undefined): unknown {
  if (raw === null || raw === undefined) throw new Error('nothing is kept under featureFlags');
  return JSON.parse(raw);
}

const CACHED = { paymentGate: true, confetti: false, networkData: true, personalizedDashboard: false };
const SERVER = { paymentGate: false, confetti: true, networkData: false, personalizedDashboard: false };

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });

/** Subscribes as a mounted component would, and resolves with each result it sees until `done`. */
function watch(queryClient: QueryClient, done: (data: unknown) => boolean) {
  const observer = new QueryObserver(queryClient, featureFlagsQueryOptions());
  const first = observer.getCurrentResult();
  const settled = new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.fetchStatus === 'idle' && done(result.data)) {
        unsubscribe();
        resolve();
      }
    });
  });
  return { first, settled, observer };
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('feature flags cached under featureFlags (spec §3, §4)', () => {
  it('when the server answers, then its flags are kept in localStorage under featureFlags', async () => {
    const data = installStorage();
    mockFetch({ status: 200, body: { success: true, flags: SERVER } });
    await getFeatureFlags();
    expect(kept(data.get('featureFlags'))).toEqual(SERVER);
  });

  it('when the reply is an invalid response format, then the cache is left as it was', async () => {
    const data = installStorage({ featureFlags: JSON.stringify(CACHED) });
    mockFetch({ status: 200, body: { success: false } });
    await expect(getFeatureFlags()).rejects.toThrow('Invalid response format');
    expect(kept(data.get('featureFlags'))).toEqual(CACHED);
  });

  it('when a returning visitor loads the page, then the cached flags show first and the server’s answer replaces them', async () => {
    installStorage({ featureFlags: JSON.stringify(CACHED) });
    mockFetch({ status: 200, body: { success: true, flags: SERVER } });
    const queryClient = client();
    const { first, settled, observer } = watch(queryClient, (d) => JSON.stringify(d) === JSON.stringify(SERVER));
    expect(first.data).toEqual(CACHED);
    // Shown, but not yet the server's word: the calculator waits before calculating.
    expect(flagsSettled(first)).toBe(false);
    await settled;
    expect(observer.getCurrentResult().data).toEqual(SERVER);
    expect(flagsSettled(observer.getCurrentResult())).toBe(true);
    expect(kept(localStorage.getItem('featureFlags'))).toEqual(SERVER);
  });

  it.each([
    ['not JSON', 'not json{'],
    ['not an object', '[true, true]'],
    ['a flag that is not a boolean', JSON.stringify({ ...CACHED, paymentGate: 'yes' })],
    ['null', 'null'],
  ])('when the cache is %s, then it is ignored and every flag is off until the server answers', async (_what, raw) => {
    installStorage({ featureFlags: raw });
    mockFetch({ status: 200, body: { success: true, flags: SERVER } });
    const { first, settled } = watch(client(), (d) => d !== undefined);
    expect(first.data).toBeUndefined();
    expect(first.data ?? FLAGS_OFF).toEqual(FLAGS_OFF);
    await settled;
  });

  it('when the cache cannot be read at all, then it is ignored', () => {
    installStorage({ featureFlags: JSON.stringify(CACHED) }, { unreadable: true });
    mockFetch({ status: 200, body: { success: true, flags: SERVER } });
    const observer = new QueryObserver(client(), featureFlagsQueryOptions());
    expect(observer.getCurrentResult().data).toBeUndefined();
  });

  it('when there is no cache, then the flags wait for the server as before', () => {
    installStorage();
    const observer = new QueryObserver(client(), featureFlagsQueryOptions());
    expect(observer.getCurrentResult()).toMatchObject({ data: undefined, isPending: true });
    expect(flagsSettled(observer.getCurrentResult())).toBe(false);
  });
});
