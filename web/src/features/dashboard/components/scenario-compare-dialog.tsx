import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ScenarioSummary } from '@shm/contracts';
import { Dialog } from 'primereact/dialog';
import { scenarioQueryOptions } from '../api/get-scenario';
import { useDashboard } from '../hooks/dashboard-context';
import { compareScenarios } from '../utils/compare';
import { CompareTable } from './compare-table';
import { QueryState } from './query-state';

/** 'Compare' opens this: the picked scenarios, each fetched as 'View Details' does, side by side. */
export function ScenarioCompareDialog({ summaries, onHide }: { summaries: ScenarioSummary[]; onHide: () => void }) {
  const { address } = useDashboard();
  const queries = useQueries({ queries: summaries.map((s) => scenarioQueryOptions(address, s.id)) });
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const failed = queries.find((q) => q.error);
  const scenarios = queries.flatMap((q) => (q.data ? [q.data] : []));
  const ready = scenarios.length === summaries.length;
  const differing = ready ? compareScenarios(scenarios).flatMap((s) => s.rows).filter((r) => r.differs).length : 0;

  return (
    <Dialog header="Compare Scenarios" visible onHide={onHide} className="dashboard-dialog dashboard-dialog--compare" modal>
      <div data-testid="compare-dialog">
        <QueryState
          what="scenarios"
          isPending={!ready && !failed}
          error={failed?.error ?? null}
          onRetry={() => queries.forEach((q) => q.error && void q.refetch())}
        />
        {ready ? (
          <>
            <div className="compare-toolbar">
              <p className="dashboard-row__meta" data-testid="compare-summary" role="status">
                {differing === 0 ? 'These scenarios have the same figures.' : `${differing} ${differing === 1 ? 'row differs' : 'rows differ'}, marked Differs.`}
              </p>
              <div className="dashboard-check">
                <input
                  type="checkbox"
                  id="compare-only-differences"
                  className="dashboard-checkbox"
                  checked={onlyDifferences}
                  onChange={(e) => setOnlyDifferences(e.target.checked)}
                />
                <label htmlFor="compare-only-differences">Only rows that differ</label>
              </div>
            </div>
            <CompareTable scenarios={scenarios} onlyDifferences={onlyDifferences} />
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
