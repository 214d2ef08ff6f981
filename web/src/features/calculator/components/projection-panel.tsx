import { useEffect } from 'react';
import type { CalculatorParams } from '@shm/contracts';
import { NumericField } from '../../../components/ui/numeric-field';
import { PROJECTION_DEBOUNCE_MS } from '../../../config/constants';
import { lazyPart } from '../../../lib/lazy-component';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProjection } from '../api/calculate-projection';
import { useProjectionFailureToast } from '../hooks/use-failure-toasts';
import type { ProjectionInputsState } from '../hooks/use-projection-inputs';
import { PROJECTION_FIELDS, buildProjectionParams, validateProjectionInputs } from '../utils/projection-inputs';

/**
 * The result cards and the month-by-month chart with the CSV: not part of the first paint (the server
 * answers after the 300 ms debounce at the earliest), so their code is fetched when the panel mounts.
 */
const ProjectionResults = lazyPart(() => import('./projection-results').then((m) => m.ProjectionResults));
const ProjectionChartPanel = lazyPart(() => import('./projection-chart-panel').then((m) => m.ProjectionChartPanel));

interface ProjectionPanelProps {
  params: CalculatorParams;
  projectionInputs: ProjectionInputsState;
  walletAddress?: string;
}

/** The Projection tab (spec §2.4): recalculated 300 ms after the inputs or the parameters change. */
export function ProjectionPanel({ params, projectionInputs: { inputs, setInput }, walletAddress }: ProjectionPanelProps) {
  const errors = validateProjectionInputs(inputs);
  const request = Object.keys(errors).length === 0 ? buildProjectionParams(inputs, params) : null;
  const sent = useDebouncedValue(request, PROJECTION_DEBOUNCE_MS);
  const projection = useProjection(sent, walletAddress);
  useEffect(() => {
    void ProjectionResults.preload().catch(() => undefined);
    void ProjectionChartPanel.preload().catch(() => undefined);
  }, []);
  useProjectionFailureToast(projection.error, projection.errorUpdatedAt);

  const results = request && sent && !projection.isError ? projection.data : undefined;

  return (
    <div className="projection-panel">
      <div className="input-grid input-grid--3">
        {PROJECTION_FIELDS.map(({ field, label, kind }) => (
          <NumericField
            key={field}
            id={`projection-${field}`}
            label={label}
            value={inputs[field]}
            kind={kind}
            onChange={(text) => setInput(field, text)}
            error={errors[field]}
          />
        ))}
      </div>
      {results && sent ? (
        <div className={projection.isFetching ? 'is-updating' : undefined} aria-busy={projection.isFetching}>
          <ProjectionResults results={results} months={sent.projectionMonths} finalPrice={sent.projectedShmPrice} />
          <ProjectionChartPanel monthly={results.monthly} />
        </div>
      ) : (
        <p className="panel-note" data-testid="projection-placeholder">
          {projection.isFetching || (request && !sent) ? (
            <>
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Calculating projection…
            </>
          ) : (
            'Enter an investment, a period and a target price to project your earnings.'
          )}
        </p>
      )}
    </div>
  );
}
