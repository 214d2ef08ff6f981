import { NodeStateOrUnknownSchema, type PortfolioEntry, type PortfolioTotals } from '@shm/contracts';

type StateCounts = PortfolioTotals['states'];

/** Every state listed, at 0 when no node is in it (the contract's record has all of them). */
const noStates = (): StateCounts => Object.fromEntries([...NodeStateOrUnknownSchema.options, 'unavailable'].map((s) => [s, 0])) as StateCounts;

/**
 * The wallet's portfolio in one line: a linked entry is one node, counted under its node's state
 * (`unavailable` while the network service could not be asked); the SHM figures add up what each
 * entry's own ratio compares, so actualSHM takes a linked node's earned SHM when its performance
 * comes from the node and the typed actualRewards otherwise (an unlinked entry, or a linked one
 * whose status was unavailable).
 */
export function portfolioTotals(entries: PortfolioEntry[]): PortfolioTotals {
  const states = noStates();
  let nodes = 0;
  let linkedNodes = 0;
  let actualSHM = 0;
  let expectedSHM = 0;
  for (const entry of entries) {
    if (entry.node) {
      linkedNodes += 1;
      nodes += 1;
      states[entry.node.status?.state ?? 'unavailable'] += 1;
    } else {
      nodes += entry.nodeCount;
    }
    actualSHM += entry.performance.source === 'node' && entry.node ? entry.node.earnedSHM : entry.actualRewards;
    expectedSHM += entry.performance.expectedRewards;
  }
  return { entries: entries.length, nodes, linkedNodes, states, actualSHM, expectedSHM, ratio: expectedSHM > 0 ? actualSHM / expectedSHM : null };
}
