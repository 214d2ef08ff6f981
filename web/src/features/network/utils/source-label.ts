import type { NetworkData } from '@shm/contracts';

export interface SourceDescription {
  name: string;
  description: string;
}

/** Friendly names of the source labels of spec §3; a label may carry counts after its base name. */
const SOURCES: [label: string, SourceDescription][] = [
  ['archiver_live_data', { name: 'Live Archiver Data', description: "Live node counts from a Shardeum archiver's latest cycle, split into foundation and community nodes from its active node list." }],
  ['archiver_calculated', { name: 'Archiver Calculated Data', description: "Node counts from a Shardeum archiver's latest cycle record; the foundation and community split could not be read, so every active slot is counted." }],
  ['archiver_real_data', { name: 'Real Archiver Data', description: 'Node counts read directly from a Shardeum archiver.' }],
  ['archiver_full_data', { name: 'Archiver Full Node List', description: "Node counts taken from a Shardeum archiver's full active and standby node lists." }],
  ['shardeum_official_specifications', { name: 'Official Shardeum Specifications', description: "Estimated values from Shardeum's published specifications, shown while no live source answers." }],
  ['archiver_direct', { name: 'Archiver (Direct)', description: 'Data read directly from a Shardeum archiver.' }],
  ['archiver_stats', { name: 'Archiver Statistics', description: "Statistics reported by a Shardeum archiver." }],
  ['archiver_validators', { name: 'Archiver Validator List', description: "Counts from a Shardeum archiver's validator list." }],
  ['rpc_analysis', { name: 'RPC Network Analysis', description: "Node counts from the Shardeum JSON-RPC's cycle information." }],
  ['explorer_api', { name: 'Shardeum Explorer API', description: "Node counts from the Shardeum explorer's latest cycle." }],
];

/** 'some_source-label' → 'Some Source Label' */
export const titleCase = (label: string) =>
  label
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** The friendly name and description of a source label; unknown labels are shown title-cased. */
export function describeSource(label: string): SourceDescription {
  const known = SOURCES.find(([base]) => label === base || label.startsWith(`${base}_`));
  return known ? known[1] : { name: titleCase(label), description: 'Network data from another source.' };
}

export type LabelCounts = Partial<Record<'foundation' | 'community' | 'active' | 'standby', number>>;

/** Counts a label carries, e.g. `…_foundation_233_community_22` → { foundation: 233, community: 22 }. */
export function parseLabelCounts(label: string): LabelCounts {
  const counts: LabelCounts = {};
  for (const [, name = '', count] of label.matchAll(/(foundation|community|active|standby)[_:=\s-]{0,3}(\d+)/gi)) {
    const key = name.toLowerCase() as keyof LabelCounts;
    counts[key] ??= Number(count);
  }
  return counts;
}

/** The Foundation vs Community card shows only for sources naming archiver real, full, live or calculated data. */
export const showsNodeBreakdown = (label: string) => /archiver[_\s-]?(real|full|live|calculated)/i.test(label);

export interface NodeBreakdown {
  foundation: number;
  community: number;
}

/**
 * The split the service made when it sent one (nodes of unknown flag counted as foundation, as the
 * service counts them), else the fields, else the counts in the label, else null (not available).
 */
export function nodeBreakdown(
  data: Pick<NetworkData, 'source' | 'totalFoundationNodes' | 'totalCommunityNodes' | 'communitySplit'>,
): NodeBreakdown | null {
  const split = data.communitySplit;
  if (split) return { foundation: split.knownFoundation + split.unknown, community: split.knownCommunity };
  if (data.totalFoundationNodes !== undefined && data.totalCommunityNodes !== undefined) {
    return { foundation: data.totalFoundationNodes, community: data.totalCommunityNodes };
  }
  const { foundation, community } = parseLabelCounts(data.source);
  return foundation !== undefined && community !== undefined ? { foundation, community } : null;
}
