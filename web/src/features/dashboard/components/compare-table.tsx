import type { CSSProperties } from 'react';
import type { Scenario } from '@shm/contracts';
import { compareScenarios } from '../utils/compare';
import { formatMoment } from '../utils/dates';

interface CompareTableProps {
  scenarios: Scenario[];
  /** Leaves out the rows whose values are all the same. */
  onlyDifferences: boolean;
}

/**
 * Saved scenarios side by side: one column each, the key results and parameters as rows, a row whose
 * shown values differ marked "Differs" (words and a bar, not colour alone). On a phone each row's label
 * goes above its values, so three columns fit a 390 px screen without the page scrolling sideways.
 */
export function CompareTable({ scenarios, onlyDifferences }: CompareTableProps) {
  const sections = compareScenarios(scenarios);
  const columns = scenarios.length;
  return (
    <table className="compare-table" data-testid="compare-table" data-columns={columns} style={{ '--compare-columns': columns } as CSSProperties}>
      <caption className="dashboard-sr-only">Saved scenarios side by side. Rows marked Differs have different values.</caption>
      <thead>
        <tr>
          <td className="compare-table__corner" />
          {scenarios.map((scenario) => (
            <th key={scenario.id} scope="col" data-testid="compare-column" data-scenario-id={scenario.id}>
              <span className="compare-table__name">{scenario.scenarioName}</span>
              <span className="compare-table__saved">Saved {formatMoment(scenario.createdAt)}</span>
            </th>
          ))}
        </tr>
      </thead>
      {sections.map((section) => {
        const rows = onlyDifferences ? section.rows.filter((row) => row.differs) : section.rows;
        return (
          <tbody key={section.id} data-testid={`compare-section-${section.id}`}>
            <tr className="compare-table__section">
              <th scope="colgroup" colSpan={columns + 1}>
                {section.title}
                {rows.length === 0 ? <span className="compare-table__none"> · all the same</span> : null}
              </th>
            </tr>
            {rows.map((row) => (
              <tr key={row.id} className={row.differs ? 'compare-table__row is-different' : 'compare-table__row'} data-testid="compare-row" data-row={row.id} data-differs={row.differs}>
                <th scope="row">
                  <span className="compare-table__label">{row.label}</span>
                  {row.differs ? (
                    <span className="compare-differs" data-testid="compare-differs">
                      <i className="pi pi-arrow-right-arrow-left" aria-hidden="true" /> Differs
                    </span>
                  ) : null}
                </th>
                {scenarios.map((scenario, index) => (
                  <td key={scenario.id} data-testid="compare-value">
                    {row.values[index]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        );
      })}
    </table>
  );
}
