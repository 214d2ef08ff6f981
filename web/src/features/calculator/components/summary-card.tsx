import type { ReactNode } from 'react';

interface SummaryCardProps {
  testId: string;
  label: string;
  value: string;
  note?: ReactNode;
  badge?: ReactNode;
  accent?: boolean;
}

/** A small card of the projections panel: label, value, a note below. */
export function SummaryCard({ testId, label, value, note, badge, accent = false }: SummaryCardProps) {
  return (
    <article className={`summary-card${accent ? ' summary-card--accent' : ''}`} data-testid={testId}>
      <header className="summary-card__header">
        <h4 className="summary-card__label">{label}</h4>
        {badge}
      </header>
      <p className="summary-card__value" data-testid={`${testId}-value`}>
        {value}
      </p>
      {note ? <p className="summary-card__note">{note}</p> : null}
    </article>
  );
}
