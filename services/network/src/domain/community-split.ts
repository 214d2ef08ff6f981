import { CALCULATOR_DEFAULTS, type CommunitySplit } from '@shm/contracts';
import type { ListedNode } from './ports';

/**
 * The split of the active set from what is known of each active node: the flag the node list
 * carries, else the flag remembered from the join records of the cycle history (`remembered`).
 * A node whose flag is known from neither is counted as a foundation node, never as a community
 * slot, and makes the split an estimate (`partial`). Community nodes leave the active set after one
 * active period and join again through a join record, so once the history read covers an active
 * period every community node is known and the nodes still unknown are the long-active foundation ones.
 */
export function splitOfActiveNodes(nodes: ListedNode[], remembered: Map<string, boolean>): CommunitySplit {
  let knownFoundation = 0;
  let knownCommunity = 0;
  let fromList = 0;
  for (const node of nodes) {
    const flag = node.foundation ?? remembered.get(node.publicKey);
    if (node.foundation !== undefined) fromList += 1;
    if (flag === true) knownFoundation += 1;
    else if (flag === false) knownCommunity += 1;
  }
  const unknown = nodes.length - knownFoundation - knownCommunity;
  const method = unknown > 0 ? 'partial' : fromList === nodes.length ? 'node-flags' : 'cycle-history';
  return { method, knownFoundation, knownCommunity, unknown };
}

/**
 * For a source that gives no split (JSON-RPC, explorer, an archiver whose node list failed): the
 * foundation count last known (`last-known`), else the share of community slots in the calculator's
 * documented defaults (`assumed`, 20 of 256). Both are estimates.
 */
export function splitWithoutNodeList(active: number, lastKnownFoundation: number | undefined): CommunitySplit {
  if (lastKnownFoundation !== undefined) {
    const foundation = Math.min(lastKnownFoundation, active);
    return { method: 'last-known', knownFoundation: foundation, knownCommunity: active - foundation, unknown: 0 };
  }
  const { totalNodes, activeCommunityNodes } = CALCULATOR_DEFAULTS;
  const community = Math.round((active * activeCommunityNodes) / totalNodes);
  return { method: 'assumed', knownFoundation: active - community, knownCommunity: community, unknown: 0 };
}

/** Foundation nodes of a split as the snapshot counts them: the known ones and every unknown one. */
export const foundationOf = (split: CommunitySplit) => split.knownFoundation + split.unknown;
