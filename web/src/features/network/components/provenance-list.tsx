import type { NetworkData, Provenance } from '@shm/contracts';
import { formatAge, hostOf, ORIGIN_LABELS } from '../../../lib/live-figures';
import { useNow } from '../../../lib/use-now';

const GROUPS = [
  ['counts', 'Node counts'],
  ['split', 'Foundation / community split'],
  ['economics', 'Reward & stake'],
  ['rotation', 'Rotation'],
] as const;

/**
 * Per group of figures, where it came from and how old it is: one snapshot can mix sources (counts
 * from one archiver, the split recovered from the cycle history, the reward read earlier).
 */
export function ProvenanceList({ provenance }: { provenance: NonNullable<NetworkData['provenance']> }) {
  const now = useNow();
  const rows = GROUPS.flatMap(([key, label]) => {
    const entry = provenance[key];
    return entry ? [{ key, label, entry }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <dl className="provenance" data-testid="network-provenance">
      {rows.map(({ key, label, entry }) => (
        <div key={key} className="provenance__row" data-testid={`provenance-${key}`}>
          <dt className="provenance__label">{label}</dt>
          <dd className="provenance__value">
            <OriginText entry={entry} /> · <time dateTime={entry.at}>{formatAge(entry.at, now)}</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OriginText({ entry }: { entry: Provenance }) {
  const name = ORIGIN_LABELS[entry.origin];
  return entry.from ? (
    <>
      {name} <span className="provenance__host">{hostOf(entry.from)}</span>
    </>
  ) : (
    <>{name}</>
  );
}
