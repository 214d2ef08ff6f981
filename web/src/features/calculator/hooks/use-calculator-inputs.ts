import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { CalculatorParamsSchema, PROJECTION_DEFAULTS, type CalculatorParams } from '@shm/contracts';
import { INPUT_SETTLE_MS } from '../../../config/constants';
import { NO_INPUTS, parseInputs, writeInputs, type CalculatorInputs, type ProjectionField } from '../../../lib/calculation-query';

type Change = (inputs: CalculatorInputs) => CalculatorInputs;
type ParamKey = keyof CalculatorParams;

/** Keys whose value is undefined are left out, so spreading never blanks a value underneath. */
const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

const without = (params: Partial<CalculatorParams>, keys: ReadonlySet<ParamKey>) =>
  Object.fromEntries(Object.entries(params).filter(([key]) => !keys.has(key as ParamKey))) as Partial<CalculatorParams>;

const PARAM_KEYS = Object.keys(CalculatorParamsSchema.shape) as ParamKey[];

/**
 * Parameters whose value in the address the page writes itself (defaults, live data), as opposed to
 * the visitor (an edit) or whoever made the address (a link, a reload, Back): on arrival, those the
 * address lacks.
 */
const ownedOnArrival = (search: string): ReadonlySet<ParamKey> => {
  const given = parseInputs(search).params;
  return new Set(PARAM_KEYS.filter((key) => given[key] === undefined));
};

/**
 * Which parameters the page owns, per address. A new address from Back/Forward or a bare one (the
 * Calculator link) is an arrival, judged afresh in the same render (so no render mixes the new address
 * with the old judgement); the page's own changes and the currency select carry the judgement over.
 */
function useOwnedParams() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [tracked, setTracked] = useState(() => ({ key: location.key, owned: ownedOnArrival(location.search) }));
  let { owned } = tracked;
  if (tracked.key !== location.key) {
    const arrival = navigationType === NavigationType.Pop || Object.keys(parseInputs(location.search).params).length === 0;
    if (arrival) owned = ownedOnArrival(location.search);
    setTracked({ key: location.key, owned });
  }
  const change = useCallback(
    (next: (prev: ReadonlySet<ParamKey>) => ReadonlySet<ParamKey>) => setTracked((prev) => ({ ...prev, owned: next(prev.owned) })),
    [],
  );
  return [owned, change] as const;
}

/**
 * What the visitor set, in the address (`shareable`, the calculator page) or only in memory (the admin
 * page). Each edit burst makes one history entry: its first change pushes one, later changes replace it,
 * and the burst ends after INPUT_SETTLE_MS without a change, when focus leaves a field (`settle`), or
 * on back/forward. So Back undoes one settled edit, never one keystroke.
 */
function useSetInputs(shareable: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [local, setLocal] = useState(NO_INPUTS);
  const [owned, setOwned] = useOwnedParams();
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fromAddress = useMemo(() => parseInputs(location.search), [location.search]);
  const set = useMemo(
    () => (shareable ? { ...fromAddress, params: without(fromAddress.params, owned) } : local),
    [shareable, fromAddress, owned, local],
  );

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
    (change: Change, touched: ParamKey[], { burst = true } = {}) => {
      if (!shareable) return setLocal(change);
      if (touched.length) setOwned((prev) => new Set([...prev].filter((key) => !touched.includes(key))));
      // The address as it is now: several changes can come before the next render.
      const search = writeInputs(change(parseInputs(window.location.search)), window.location.search);
      if (search === window.location.search) return;
      void navigate({ search }, { replace: settleTimer.current !== null });
      settle();
      if (burst) settleTimer.current = setTimeout(settle, INPUT_SETTLE_MS);
    },
    [shareable, navigate, settle, setOwned],
  );
  /** Hands a parameter back to the page (defaults, live data): the price refresh. */
  const release = useCallback(
    (key: ParamKey) => {
      if (shareable) setOwned((prev) => new Set([...prev, key]));
      else setLocal(({ params: { [key]: _dropped, ...rest }, projection }) => ({ params: rest, projection }));
    },
    [shareable, setOwned],
  );

  /** Keeps the whole calculation in the address; what the page fills in itself makes no history entry. */
  const { search: rendered } = location;
  const mirror = useCallback(
    (inputs: CalculatorInputs) => {
      // Only from a render of the address as it is (never write an older address over a newer one).
      if (!shareable || rendered !== window.location.search) return;
      const search = writeInputs(inputs, rendered);
      if (search !== rendered) void navigate({ search }, { replace: true });
    },
    [shareable, navigate, rendered],
  );
  return { set, update, settle, release, mirror };
}

interface CalculatorInputsOptions {
  initialParams: CalculatorParams;
  shareable: boolean;
  /** Live values (network data, the fetched price): above the defaults, below what the visitor set. */
  live: Partial<CalculatorParams>;
}

/**
 * The calculation for the defaults, the live values and what the visitor set, in that order (later
 * wins). The page's loader asks for the same calculation before the page renders (prefetch-calculation.ts).
 */
export function calculatorInputs(initialParams: CalculatorParams, live: Partial<CalculatorParams>, set: CalculatorInputs) {
  const params: CalculatorParams = { ...initialParams, ...defined(live), ...set.params };
  const projection: Record<ProjectionField, number> = {
    investmentAmount: initialParams.investmentAmount,
    projectionMonths: PROJECTION_DEFAULTS.projectionMonths,
    projectedShmPrice: PROJECTION_DEFAULTS.projectedShmPrice,
    ...set.projection,
  };
  return { params, projection };
}

/**
 * The calculator's inputs: defaults, then live values, then what the visitor set (an edit, or an
 * address opened: a link, a reload, Back), so live data never overwrites a value from a link or an
 * edit. On the calculator page the address always holds the whole calculation.
 */
export function useCalculatorInputs({ initialParams, shareable, live }: CalculatorInputsOptions) {
  const { set, update, settle, release, mirror } = useSetInputs(shareable);
  const { params, projection } = useMemo(() => calculatorInputs(initialParams, live, set), [initialParams, live, set]);
  useEffect(() => mirror({ params, projection }), [mirror, params, projection]);

  const setParam = useCallback(
    (field: ParamKey, value: number) => update((now) => ({ ...now, params: { ...now.params, [field]: value } }), [field]),
    [update],
  );
  const setProjection = useCallback(
    (field: ProjectionField, value: number) => update((now) => ({ ...now, projection: { ...now.projection, [field]: value } }), []),
    [update],
  );
  /** Every parameter at once (a saved scenario): one history entry. */
  const loadParams = useCallback(
    (next: CalculatorParams) => {
      const given = defined(next);
      update((now) => ({ ...now, params: given }), Object.keys(given) as ParamKey[], { burst: false });
    },
    [update],
  );

  return { params, projection, setParam, setProjection, unset: release, loadParams, settle };
}
