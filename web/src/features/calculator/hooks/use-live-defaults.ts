import { useEffect, useRef } from 'react';
import type { CalculatorParams, LiveDefaults } from '@shm/contracts';
import { useLiveDefaultsQuery } from '../api/get-live-defaults';

/**
 * Network data overrides (spec §3): live totalNodes, standbyNodes and active slots (as Active
 * Community Nodes and the read-only Active Nodes; Community Nodes is then their sum with standby),
 * plus the live reward and stake. Applied when the live values change, so a visitor's edits stand
 * until the network itself moves. Estimates and failures change nothing (and say nothing). Off (not
 * even fetched) when `enabled` is false, e.g. on the admin page, which keeps its own reading.
 */
export function useLiveDefaults(apply: (overrides: Partial<CalculatorParams>) => void, enabled = true) {
  const { data } = useLiveDefaultsQuery(enabled);
  const applied = useRef<string | null>(null);
  const defaults: LiveDefaults | null | undefined = data && !data.isEstimate ? data.defaults : undefined;

  useEffect(() => {
    if (!defaults) return;
    const key = JSON.stringify(defaults);
    if (applied.current === key) return;
    applied.current = key;
    apply(defaults);
  }, [defaults, apply]);
}
