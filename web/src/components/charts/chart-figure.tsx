import { useId, useState, type ReactNode } from 'react';
import './charts.css';

interface ChartFigureProps {
  title: string;
  /** One line under the title: what is drawn, in words. */
  description: ReactNode;
  /** The drawing (an SVG with role="img"). */
  chart: ReactNode;
  legend?: ReactNode;
  /** The same figures as a table: the chart's text alternative, shown on demand (no toggle while there are none). */
  table?: ReactNode;
  /** More buttons beside 'Show table' (e.g. the CSV download). */
  actions?: ReactNode;
  testId: string;
}

/** A chart with its title, legend and a 'Show table' toggle that reveals the figures as a table. */
export function ChartFigure({ title, description, chart, legend, table, actions, testId }: ChartFigureProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const open = showTable && Boolean(table);
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption className="chart__caption">
        <span className="chart__title">{title}</span>
        <span className="chart__description">{description}</span>
      </figcaption>
      {chart}
      {legend ? <div className="chart__legend">{legend}</div> : null}
      <div className="chart__actions">
        {table ? (
          <button type="button" className="chart__button" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            <i className="pi pi-table" aria-hidden="true" /> {showTable ? 'Hide table' : 'Show table'}
          </button>
        ) : null}
        {actions}
      </div>
      {/* Scrolls when long or wide, so it takes keyboard focus (arrow keys scroll it) while shown. */}
      <div
        id={tableId}
        className="chart__table"
        role={open ? 'region' : undefined}
        aria-label={open ? `${title}: table` : undefined}
        // Focusable (to scroll from the keyboard) exactly when it is a labelled region; the rule cannot see the two go together.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={open ? 0 : undefined}
      >
        {/* Rendered only when asked for: a long projection has a row per month. */}
        {open ? table : null}
      </div>
    </figure>
  );
}

/** One legend entry: a swatch (line or area) and its words. */
export function LegendItem({ kind, className, children }: { kind: 'line' | 'area'; className: string; children: ReactNode }) {
  return (
    <span className="chart__legend-item">
      <span className={`chart__swatch chart__swatch--${kind} ${className}`} aria-hidden="true" />
      {children}
    </span>
  );
}
