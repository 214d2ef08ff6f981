import { NETWORK_SOURCES, type LiveDefaults, type LiveDefaultsReply } from '@shm/contracts';
import { useLiveDefaultsQuery } from '../api/get-live-defaults';

const OFFICIAL = NETWORK_SOURCES.officialSpecifications;

/**
 * The live values to apply, or nothing. Only the published-specifications estimate is left out (it
 * equals the page's defaults anyway); a live snapshot whose community split is an estimate is applied,
 * as the network service counts nodes of unknown flag as foundation, never as community slots.
 */
export function appliedLiveDefaults(reply: LiveDefaultsReply | undefined): LiveDefaults | undefined {
  if (!reply?.defaults || reply.source === null) return undefined;
  const official = reply.source === OFFICIAL || reply.source.startsWith(`${OFFICIAL}_`);
  return official ? undefined : reply.defaults;
}

/**
 * Network data overrides (spec §3): live totalNodes, standbyNodes and active slots (as Active
 * Community Nodes and the read-only Active Nodes; Community Nodes is then their sum with standby),
 * plus the live reward and stake. The calculator puts them under what the visitor set (an edit or a
 * link), so they fill in only what the visitor left alone. The official estimate and failures give
 * nothing (and say nothing). Off (not even fetched) when `enabled` is false, e.g. on the admin page,
 * which keeps its own reading.
 */
export function useLiveDefaults(enabled = true): LiveDefaults | undefined {
  const { data } = useLiveDefaultsQuery(enabled);
  return appliedLiveDefaults(data);
}
