import type { CalculatorParams, ScenarioResults } from '@shm/contracts';
import { parameterFigures, resultFigures, type Figure } from '../utils/figures';
import { FactList, type Fact } from './fact-list';

const asFacts = (figures: Figure[], prefix: string): Fact[] => figures.map(([id, term, value]) => [term, value, `${prefix}-${id}`]);

/** A saved scenario's key results and the parameters they came from. */
export function ScenarioFigures({ parameters, results }: { parameters: CalculatorParams; results: ScenarioResults }) {
  return (
    <>
      <h4 className="dashboard-dialog__section">Key Results</h4>
      <FactList facts={asFacts(resultFigures(results), 'scenario-result')} label="Key results" />
      <h4 className="dashboard-dialog__section">Parameters</h4>
      <FactList facts={asFacts(parameterFigures(parameters), 'scenario-param')} label="Saved parameters" />
    </>
  );
}
