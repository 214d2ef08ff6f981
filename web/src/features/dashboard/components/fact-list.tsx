/** One figure: its label, its shown value, and optionally a test id. */
export type Fact = [term: string, value: string, testId?: string];

/** Figures as a definition list, the one look of every dashboard row and detail view. */
export function FactList({ facts, label }: { facts: Fact[]; label?: string }) {
  return (
    <dl className="dashboard-facts" aria-label={label}>
      {facts.map(([term, value, testId]) => (
        <div key={term} className="dashboard-facts__item" data-testid={testId}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
