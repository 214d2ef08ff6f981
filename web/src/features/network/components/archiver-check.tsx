import type { ArchiverCheck as Check, ArchiverRefusal } from '@shm/contracts';
import { hostOf } from '../../../lib/live-figures';

/** Why an archiver was set aside, as the page says it (contracts `ARCHIVER_REFUSALS`). */
export const REFUSAL_TEXT: Record<ArchiverRefusal, string> = {
  'wrong-network': 'signs another network',
  stale: 'out of date or replayed',
  disagrees: 'disagrees with the others',
  untrusted: 'signature refused',
  unreachable: 'unreachable',
};

function summary(check: Check): string {
  if (check.agreement === 'quorum') return `Confirmed by ${check.agreeing} of ${check.asked} archivers${check.cycle === undefined ? '' : ` at cycle ${check.cycle.toLocaleString('en-US')}`}`;
  if (check.agreement === 'single source') return `Single source: only 1 of ${check.asked} archivers could be used, so no other confirms these figures`;
  return `No archiver's figures could be used (${check.asked} asked)`;
}

/**
 * How far the archivers agree on the figures (docs/network-data.md): confirmed by a quorum, a single
 * source, or none; and each archiver set aside with the reason, skipped until it agrees again.
 */
export function ArchiverCheck({ check }: { check: Check }) {
  return (
    <div className="archiver-check" data-testid="archiver-check">
      <p className={`archiver-check__summary archiver-check__summary--${check.agreement.replace(' ', '-')}`} data-testid="archiver-agreement">
        {summary(check)}
      </p>
      {check.refused.length > 0 ? (
        <ul className="archiver-check__refused" aria-label="Archivers set aside">
          {check.refused.map(({ archiver, reason }) => (
            <li key={archiver} data-testid="archiver-refused">
              <span className="provenance__host">{hostOf(archiver)}</span> {REFUSAL_TEXT[reason]}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
