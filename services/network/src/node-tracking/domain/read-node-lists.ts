import type { Logger } from '@shm/platform';
import type { ArchiverDirectory } from '../../domain/archiver-directory';
import { listPredates } from '../../domain/list-freshness';
import type { NodeLists } from '../ports';
import type { ArchiverPort, CycleHistoryStore } from '../../domain/ports';

export interface NodeListSources {
  directory: ArchiverDirectory;
  archiver: ArchiverPort;
  history: CycleHistoryStore;
  /** The archivers that signed the last poll's final cycle; undefined before any poll (then every archiver). */
  agreeing: () => ReadonlySet<string> | undefined;
  logger: Logger;
}

/** Stored cycles a node list is checked against: about an hour and a half of the network's changes. */
export const FRESHNESS_CYCLES = 100;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const count = (lists: NodeLists) => [lists.active, lists.syncing, lists.standby].filter(Boolean).length;

/**
 * The active, syncing and standby lists, all three from one archiver (so they describe one moment
 * of one node list): the archivers that agreed on the last final cycle are asked in the directory's
 * order until one answers all three with lists no older than the stored cycles (list-freshness.ts;
 * a replayed list is refused as `stale`). When none does, the fullest partial answer is returned; the
 * tracker then vanishes no node.
 */
export async function readNodeLists(sources: NodeListSources): Promise<NodeLists> {
  const { archiver, logger } = sources;
  const agreeing = sources.agreeing();
  const window = await sources.history.window();
  const recent = window ? await sources.history.cyclesSince(Math.max(window.oldest, window.newest - FRESHNESS_CYCLES)) : [];
  let best: NodeLists = {};
  for (const from of await sources.directory.order()) {
    if (agreeing && !agreeing.has(from.url)) continue;
    const [active, syncing, standby] = await Promise.allSettled([archiver.activeNodes(from), archiver.syncingNodes(from), archiver.standbyNodes(from)]);
    const stale = [active, syncing].some((list) => list.status === 'fulfilled' && listPredates(list.value, recent));
    if (stale) {
      logger.warn({ archiver: from.url, reason: 'stale' }, 'node lists predate the stored cycles (a replay?); not used');
      continue;
    }
    const lists: NodeLists = {
      ...(active.status === 'fulfilled' ? { active: active.value } : {}),
      ...(syncing.status === 'fulfilled' ? { syncing: syncing.value } : {}),
      ...(standby.status === 'fulfilled' ? { standby: standby.value } : {}),
    };
    if (count(lists) === 3) return lists;
    const failed = [active, syncing, standby].flatMap((r) => (r.status === 'rejected' ? [reason(r.reason)] : []));
    logger.warn({ archiver: from.url, failed }, 'node lists incomplete; trying the next archiver');
    if (count(lists) > count(best)) best = lists;
  }
  return best;
}
