import type { ReactNode } from 'react';

export interface Figure {
  id: string;
  label: string;
  value: ReactNode;
  note: string;
}

/** Label, value and a note per row: the body of the analysis and health cards. */
export function FigureList({ figures, testIdPrefix }: { figures: Figure[]; testIdPrefix: string }) {
  return (
    <dl className="figure-list">
      {figures.map((figure) => (
        <div key={figure.id} className="figure-list__row" data-testid={`${testIdPrefix}-${figure.id}`}>
          <dt className="figure-list__label">
            {figure.label}
            <span className="figure-list__note">{figure.note}</span>
          </dt>
          <dd className="figure-list__value" data-testid={`${testIdPrefix}-${figure.id}-value`}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
