import type { PortfolioEntry } from '@shm/contracts';

/** An entry's name: its label, or its node count when it has none. */
export function entryTitle(entry: Pick<PortfolioEntry, 'label' | 'nodeCount'>): string {
  const label = entry.label?.trim();
  if (label) return `"${label}"`;
  return `${entry.nodeCount.toLocaleString('en-US')} ${entry.nodeCount === 1 ? 'node' : 'nodes'}`;
}
