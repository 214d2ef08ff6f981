import type { LiveDefaults } from '@shm/contracts';
import { useLiveDefaultsQuery } from '../api/get-live-defaults';

/**
 * Network data overrides (spec §3): live totalNodes, standbyNodes and active slots (as Active
 * Community Nodes and the read-only Active Nodes; Community Nodes is then their sum with standby),
 * plus the live reward and stake. The calculator puts them under what the visitor set (an edit or a
 * link), so they fill in only what the visitor left alone. Estimates and failures give nothing (and
 * say nothing). Off (not even fetched) when `enabled` is false, e.g. on the admin page, which keeps
 * its own reading.
 */
export function useLiveDefaults(enabled = true): LiveDefaults | undefined {
  const { data } = useLiveDefaultsQuery(enabled);
  return data && !data.isEstimate && data.defaults ? data.defaults : undefined;
}
