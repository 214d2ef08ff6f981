import type { CommunitySplit } from '@shm/contracts';
import { isExactSplit } from '@shm/contracts';
import { splitNote } from '../../../lib/live-figures';

/** How the foundation / community split was made; an estimate is marked as one, with how it was made. */
export function SplitNote({ split, testId }: { split: CommunitySplit; testId: string }) {
  const exact = isExactSplit(split);
  return (
    <p className={`split-note split-note--${exact ? 'exact' : 'estimate'}`} role="note" data-testid={testId} data-method={split.method}>
      <i className={`pi ${exact ? 'pi-verified' : 'pi-info-circle'}`} aria-hidden="true" />
      <span>
        {exact ? null : <strong>The community count is an estimate. </strong>}
        {splitNote(split)}
      </span>
    </p>
  );
}
