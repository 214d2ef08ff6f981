/** A titled list of label/value pairs (Projection Breakdown, Investment Analysis). */
export function Breakdown({ id, title, items }: { id: string; title: string; items: [label: string, value: string][] }) {
  return (
    <section className="breakdown" aria-labelledby={id}>
      <h3 id={id} className="breakdown__title">
        {title}
      </h3>
      <dl className="breakdown__list">
        {items.map(([label, value]) => (
          <div key={label} className="breakdown__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
