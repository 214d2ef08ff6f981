import type { Logger } from '@shm/platform';
import type { ArchiverDirectory } from './archiver-directory';
import type { NodeLists } from './node-ports';
import type { ArchiverPort } from './ports';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const count = (lists: NodeLists) => [lists.active, lists.syncing, lists.standby].filter(Boolean).length;

/**
 * The active, syncing and standby lists, all three from one archiver (so they describe one moment
 * of one node list): the archivers are asked in the directory's order until one answers all three.
 * When none does, the fullest partial answer is returned; the tracker then vanishes no node.
 */
export async function readNodeLists(directory: ArchiverDirectory, archiver: ArchiverPort, logger: Logger): Promise<NodeLists> {
  let best: NodeLists = {};
  for (const from of await directory.order()) {
    const [active, syncing, standby] = await Promise.allSettled([archiver.activeNodes(from), archiver.syncingNodes(from), archiver.standbyNodes(from)]);
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
