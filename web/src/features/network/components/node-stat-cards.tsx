import type { NetworkData } from '@shm/contracts';
import { isExactSplit } from '@shm/contracts';
import { formatCount } from './format-count';

const CARDS = [
  { id: 'total-nodes', label: 'Total Nodes', subtitle: 'Network capacity', icon: 'pi-server', field: 'totalNodes' },
  { id: 'active-slots', label: 'Active Slots', subtitle: 'Currently validating', icon: 'pi-bolt', field: 'activeSlots' },
  { id: 'standby-nodes', label: 'Standby Nodes', subtitle: 'Waiting in rotation', icon: 'pi-clock', field: 'standbyNodes' },
  { id: 'community-nodes', label: 'Community Nodes', subtitle: 'Active nodes', icon: 'pi-users', field: 'communityNodes' },
] as const;

/** The four counts of spec §2.7. */
export function NodeStatCards({ data }: { data: NetworkData }) {
  // Active slots are the community's share of the active set, so an estimated split makes them an estimate.
  const estimated = data.communitySplit !== undefined && !isExactSplit(data.communitySplit);
  return (
    <section className="network-stats" aria-label="Node counts">
      {CARDS.map((card) => (
        <article key={card.id} className="network-stat" data-testid={`network-stat-${card.id}`}>
          <header className="network-stat__header">
            <span className="network-stat__icon" aria-hidden="true">
              <i className={`pi ${card.icon}`} />
            </span>
            <h3 className="network-stat__label">{card.label}</h3>
          </header>
          <p className="network-stat__value" data-testid={`network-stat-${card.id}-value`}>
            {formatCount(data[card.field])}
          </p>
          <p className="network-stat__subtitle">{card.subtitle}</p>
          {estimated && card.id === 'active-slots' ? (
            <p className="network-stat__estimate" data-testid="active-slots-estimate">
              <i className="pi pi-info-circle" aria-hidden="true" /> Estimate: see the note below
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
