import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PROJECTION_DEFAULTS, type CalculatorParams } from '@shm/contracts';
import { INPUT_SETTLE_MS } from '../../../config/constants';
import type { ProjectionField } from '../utils/projection-inputs';
import { NO_INPUTS, parseInputs, writeInputs, type CalculatorInputs } from '../utils/url-state';

type Change = (inputs: CalculatorInputs) => CalculatorInputs;

/** Keys whose value is undefined are left out, so spreading never blanks a value underneath. */
const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * What the visitor set: in the address (`shareable`, the calculator page) or only in memory (the admin
 * page). Each edit burst makes one history entry: its first change pushes one, later changes replace it,
 * and the burst ends after INPUT_SETTLE_MS without a change, when focus leaves a field (`settle`), or
 * on back/forward. So Back undoes one settled edit, never one keystroke.
 */
function useSetInputs(shareable: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [local, setLocal] = useState(NO_INPUTS);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const set = useMemo(() => (shareable ? parseInputs(location.search) : local), [shareable, location.search, local]);

  const settle = useCallback(() => {
    if (settleTimer.current) clearTimeout(settleTimer.current);
    settleTimer.current = null;
  }, []);
  useEffect(() => {
    window.addEventListener('popstate', settle);
    return () => {
      window.removeEventListener('popstate', settle);
      settle();
    };
  }, [settle]);

  const update = useCallback(
    (change: Change, { burst = true } = {}) => {
      if (!shareable) return setLocal(change);
      // The address as it is now: several changes can come before the next render.
      const search = writeInputs(change(parseInputs(window.location.search)), window.location.search);
      if (search === window.location.search) return;
      navigate({ search }, { replace: settleTimer.current !== null });
      settle();
      if (burst) settleTimer.current = setTimeout(settle, INPUT_SETTLE_MS);
    },
    [shareable, navigate, settle],
  );
  return { set, update, settle };
}

interface CalculatorInputsOptions {
  initialParams: CalculatorParams;
  shareable: boolean;
  /** Live values (network data, the fetched price): above the defaults, below what the visitor set. */
  live: Partial<CalculatorParams>;
}

/**
 * The calculator's inputs: defaults, then live values, then what the visitor set (an edit or a link),
 * so live data never overwrites a value from a link or an edit.
 */
export function useCalculatorInputs({ initialParams, shareable, live }: CalculatorInputsOptions) {
  const { set, update, settle } = useSetInputs(shareable);
  const params = useMemo<CalculatorParams>(() => ({ ...initialParams, ...defined(live), ...set.params }), [initialParams, live, set]);
  const projection = useMemo<Record<ProjectionField, number>>(
    () => ({
      investmentAmount: initialParams.investmentAmount,
      projectionMonths: PROJECTION_DEFAULTS.projectionMonths,
      projectedShmPrice: PROJECTION_DEFAULTS.projectedShmPrice,
      ...set.projection,
    }),
    [initialParams, set],
  );

  const setParam = useCallback(
    (field: keyof CalculatorParams, value: number) => update((now) => ({ ...now, params: { ...now.params, [field]: value } })),
    [update],
  );
  const setProjection = useCallback(
    (field: ProjectionField, value: number) => update((now) => ({ ...now, projection: { ...now.projection, [field]: value } })),
    [update],
  );
  /** Back to the live (or default) value: the price refresh button. */
  const unset = useCallback(
    (field: keyof CalculatorParams) =>
      update(({ params: { [field]: _dropped, ...rest }, projection: kept }) => ({ params: rest, projection: kept }), { burst: false }),
    [update],
  );
  /** Every parameter at once (a saved scenario): one history entry. */
  const loadParams = useCallback(
    (next: CalculatorParams) => update((now) => ({ ...now, params: defined(next) }), { burst: false }),
    [update],
  );

  return { params, projection, setParam, setProjection, unset, loadParams, settle };
}
