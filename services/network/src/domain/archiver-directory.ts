import type { Logger } from '@shm/platform';
import type { ArchiverEndpoint, ArchiverPort, ArchiverSeed } from './ports';

export interface ArchiverDirectoryDeps {
  seeds: ArchiverSeed[];
  archiver: ArchiverPort;
  /** Off: ask only the seeds, never the other archivers they list. */
  discovery: boolean;
  /** How long a fetched archiver list is used before it is asked for again. */
  refreshMs: number;
  logger: Logger;
  now?: () => number;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const sameOrigin = (a: string, b: string) => new URL(a).origin === new URL(b).origin;

/**
 * Which archivers to ask, in which order. The active archiver list (`GET /archivers`) is read from
 * the seeds (the first that answers with a list signed as it must be), kept for `refreshMs`, and
 * each call starts one further along it, so successive polls spread over every archiver; the rest
 * of the list follows as fallbacks. Every archiver's key comes from that signed list, so a reply
 * signed by anyone else is refused by the client. When no seed answers, the last list is kept.
 */
export function archiverDirectory(deps: ArchiverDirectoryDeps) {
  const now = deps.now ?? Date.now;
  let known: ArchiverEndpoint[] = [];
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let turn = 0;

  async function refresh(): Promise<void> {
    for (const seed of deps.seeds) {
      try {
        const listed = await deps.archiver.archivers(seed);
        const usable = deps.discovery ? listed : listed.filter((a) => deps.seeds.some((s) => sameOrigin(s.url, a.url)));
        if (usable.length === 0) throw new Error('the archiver list names no usable archiver');
        known = usable;
        fetchedAt = now();
        return;
      } catch (err) {
        deps.logger.warn({ seed: seed.url, reason: reason(err) }, 'archiver seed refused or unusable; trying the next seed');
      }
    }
    // Nothing answered: keep the last list (if any) and ask again on the next poll.
    fetchedAt = Number.NEGATIVE_INFINITY;
  }

  return {
    /**
     * The archivers to ask this poll: the next in rotation first, then the others in list order.
     * Before any list was read, the pinned seeds themselves (their key is known without a list), so
     * an archiver list that nobody serves still leaves them asked, and reported, one by one.
     */
    async order(): Promise<ArchiverEndpoint[]> {
      if (now() - fetchedAt >= deps.refreshMs || known.length === 0) await refresh();
      if (known.length === 0) return deps.seeds.flatMap((seed) => (seed.publicKey ? [{ url: seed.url, publicKey: seed.publicKey }] : []));
      const start = turn++ % known.length;
      return [...known.slice(start), ...known.slice(0, start)];
    },
  };
}
export type ArchiverDirectory = ReturnType<typeof archiverDirectory>;
