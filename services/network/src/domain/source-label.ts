import { NETWORK_SOURCES } from '@shm/contracts';

export type SourceName = (typeof NETWORK_SOURCES)[keyof typeof NETWORK_SOURCES];
export type LabelCounts = Partial<Record<'foundation' | 'community' | 'active' | 'standby', number>>;

const ORDER = ['foundation', 'community', 'active', 'standby'] as const;

/**
 * A source label with its counts appended in a fixed order, e.g.
 * `archiver_live_data_foundation_233_community_22_active_255_standby_412` (the web parses them back).
 */
export function sourceLabel(source: SourceName, counts: LabelCounts = {}): string {
  const parts = ORDER.filter((k) => counts[k] !== undefined).map((k) => `${k}_${counts[k]}`);
  return [source, ...parts].join('_');
}
