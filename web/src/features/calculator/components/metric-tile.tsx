export type Tone = 'positive' | 'negative';

interface MetricTileProps {
  testId: string;
  icon: string;
  label: string;
  value: string;
  subtitle: string;
  tone?: Tone;
}

/** One figure of the results grid: label, large value, a line that says what it means. */
export function MetricTile({ testId, icon, label, value, subtitle, tone }: MetricTileProps) {
  return (
    <article className={`metric-tile${tone ? ` metric-tile--${tone}` : ''}`} data-testid={testId} data-tone={tone}>
      <header className="metric-tile__header">
        <span className="metric-tile__icon" aria-hidden="true">
          <i className={`pi ${icon}`} />
        </span>
        <h3 className="metric-tile__label">{label}</h3>
      </header>
      <p className="metric-tile__value" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="metric-tile__subtitle">{subtitle}</p>
    </article>
  );
}

/** APY tiles are positive above 0, otherwise negative (spec §2.3). */
export const toneOf = (value: number): Tone => (value > 0 ? 'positive' : 'negative');
