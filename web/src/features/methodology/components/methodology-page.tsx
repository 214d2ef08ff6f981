import { useEffect, useMemo } from 'react';
import type { LiveDefaultsReply } from '@shm/contracts';
import { documentModel } from '../utils/doc-model';
import type { MethodologyInputs } from '../utils/query';
import { rotationFigures, rotationValues } from '../utils/rotation-values';
import { formulaValues, type MethodologyResults } from '../utils/values';
import { METHODOLOGY_DOC } from '../content';
import { MethodologyDocument } from './methodology-document';
import './methodology.css';

/** Where the results stand: asked for, answered, refused by the payment gate, or failed. */
export type ResultsStatus = 'loading' | 'ready' | 'gated' | 'failed';

interface MethodologyPageProps {
  inputs: MethodologyInputs;
  results: MethodologyResults;
  status: ResultsStatus;
  /** The anchor of the address, without '#'. */
  targetId?: string;
  /** Whether the address carried any input (else the figures are the calculator's defaults). */
  fromLink: boolean;
  /** The calculator's live defaults, whose rotation figures fill the rotation section; its example without them. */
  live?: Pick<LiveDefaultsReply, 'defaults' | 'rotation'>;
}

const NOTES: Record<ResultsStatus, string> = {
  loading: 'Calculating the results…',
  ready: 'Each formula is followed by the same formula with the current values and the result the calculator gives.',
  gated: 'Results need a paid session while the payment gate is on: the formulas show the inputs only.',
  failed: 'The results could not be calculated just now: the formulas show the inputs only.',
};

/** docs/methodology.md with the current calculation substituted into every formula (issue 9, methodology page). */
export function MethodologyPage({ inputs, results, status, targetId, fromLink, live }: MethodologyPageProps) {
  const blocks = useMemo(() => documentModel(METHODOLOGY_DOC), []);
  const rotation = useMemo(() => rotationFigures(live), [live]);
  // One memo per context: the live rotation figures arrive on their own and re-render only the
  // rotation tables (FormulaTable is memoised on its values), not the whole document.
  const economics = useMemo(() => formulaValues(inputs, results, 'economics'), [inputs, results]);
  const projection = useMemo(() => formulaValues(inputs, results, 'projection'), [inputs, results]);
  const rotationContext = useMemo(() => rotationValues(rotation), [rotation]);
  const values = useMemo(() => ({ economics, projection, rotation: rotationContext }), [economics, projection, rotationContext]);

  // The rows render after the code loads, so the browser's own jump to the anchor has nothing to
  // find: scroll there once the row exists, and move focus to it for keyboard and screen reader users.
  useEffect(() => {
    if (!targetId) return;
    const row = document.getElementById(targetId);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [targetId]);

  return (
    <div className="methodology-page">
      <p className="methodology-page__note" role="status" data-testid="methodology-status" data-status={status}>
        <i className={`pi ${status === 'loading' ? 'pi-spin pi-spinner' : 'pi-info-circle'}`} aria-hidden="true" />{' '}
        {fromLink ? 'Figures from the calculation you came from. ' : "Figures from the calculator's defaults. "}
        {/* Fixed words: a note that changed when the live figures arrived would repaint the page's largest text late. */}
        {NOTES[status]} The rotation formulas show the live network&apos;s figures once it has enough cycle history, the doc&apos;s example network until then.
      </p>
      <MethodologyDocument blocks={blocks} values={values} targetId={targetId} />
    </div>
  );
}
