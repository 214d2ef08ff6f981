import { Link, useInRouterContext, useLocation } from 'react-router-dom';

export type Tone = 'positive' | 'negative';

interface MetricTileProps {
  testId: string;
  icon: string;
  label: string;
  value: string;
  subtitle: string;
  tone?: Tone;
  /** The result's name in docs/methodology.md: the tile links to its formula on /methodology. */
  field?: string;
}

/** One figure of the results grid: label, large value, a line that says what it means. */
export function MetricTile({ testId, icon, label, value, subtitle, tone, field }: MetricTileProps) {
  return (
    <article className={`metric-tile${tone ? ` metric-tile--${tone}` : ''}`} data-testid={testId} data-tone={tone}>
      <header className="metric-tile__header">
        <span className="metric-tile__icon" aria-hidden="true">
          <i className={`pi ${icon}`} />
        </span>
        <h3 className="metric-tile__label">{label}</h3>
        {field ? <FormulaLink field={field} label={label} testId={testId} /> : null}
      </header>
      <p className="metric-tile__value" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="metric-tile__subtitle">{subtitle}</p>
    </article>
  );
}

/** Outside a router (a tile rendered on its own) there is no page to link to. */
const FormulaLink = (props: FormulaLinkProps) => (useInRouterContext() ? <RoutedFormulaLink {...props} /> : null);

interface FormulaLinkProps {
  field: string;
  label: string;
  testId: string;
}

/**
 * An icon, so the tile's texts stay as spec §2.3 has them; its name says where it goes. The query
 * goes along: it holds the calculator's inputs, so the page shows this very calculation.
 */
function RoutedFormulaLink({ field, label, testId }: FormulaLinkProps) {
  const { search } = useLocation();
  return (
    <Link
      to={{ pathname: '/methodology', search, hash: field }}
      className="metric-tile__how"
      aria-label={`How ${label} is calculated`}
      title="How it is calculated"
      data-testid={`${testId}-formula-link`}
    >
      <i className="pi pi-info-circle" aria-hidden="true" />
    </Link>
  );
}

/** APY tiles are positive above 0, otherwise negative (spec §2.3). */
export const toneOf = (value: number): Tone => (value > 0 ? 'positive' : 'negative');
