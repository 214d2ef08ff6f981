import type { NetworkChange, NetworkFigures, NetworkParamChange, ParamValue, WatchedParameter, WatchedValues } from '@shm/contracts';
import { economicsFromAccount } from './network-economics';
import type { AccountWatch } from './ports';

/** A change of one parameter: its id is the same whether first seen announced or in force. */
export interface ParamChangeSeen extends NetworkParamChange {
  id: string;
  cycle: number | null;
  status: NetworkChange['status'];
}

const entries = (values: WatchedValues) => Object.entries(values) as [WatchedParameter, ParamValue][];

/** The values as one string, key order aside: what the held values are compared and swapped by. */
export const valuesKey = (values: WatchedValues) => JSON.stringify(entries(values).sort(([a], [b]) => a.localeCompare(b)));

/** `parameter@cycle=to`: one change of one parameter, however often and by whom it is seen. */
export const changeId = (parameter: WatchedParameter, cycle: number | null, to: ParamValue) => `${parameter}@${cycle ?? 'next'}=${String(to)}`;

/** SHM per active hour and stake from watched values, as the snapshot reads them (network-economics.ts). */
export function figuresOf(values: WatchedValues): NetworkFigures | undefined {
  const { nodeRewardAmountUsd, nodeRewardInterval, stakeRequiredUsd, stabilityScaleMul, stabilityScaleDiv } = values;
  const all = [nodeRewardAmountUsd, nodeRewardInterval, stakeRequiredUsd, stabilityScaleMul, stabilityScaleDiv];
  if (!all.every((v): v is number => typeof v === 'number')) return undefined;
  return economicsFromAccount({
    nodeRewardAmountUsd: all[0] as number,
    nodeRewardInterval: all[1] as number,
    stakeRequiredUsd: all[2] as number,
    stabilityScaleMul: all[3] as number,
    stabilityScaleDiv: all[4] as number,
  });
}

/**
 * Changes listed for a later cycle (or in `next`) whose value differs from the one in force: each is
 * news as soon as it is listed. A listed change already in force, or setting what is in force (the
 * network lists `minVersion` again and again), is none.
 */
export function announcedChanges(watch: AccountWatch, cycle: number): ParamChangeSeen[] {
  return watch.listed
    .filter((entry) => entry.cycle === null || entry.cycle > cycle)
    .flatMap((entry) =>
      entries(entry.values)
        .filter(([parameter, to]) => watch.current[parameter] !== to)
        .map(([parameter, to]) => ({ id: changeId(parameter, entry.cycle, to), parameter, from: watch.current[parameter] ?? null, to, cycle: entry.cycle, status: 'announced' as const })),
    );
}

/**
 * What changed in force since the values held: each differing parameter, at the cycle of the latest
 * listed change that set it to its new value (so it keeps the id it was announced under), else at
 * the cycle it was first seen.
 */
export function changesInForce(held: WatchedValues, watch: AccountWatch, cycle: number): ParamChangeSeen[] {
  return entries(watch.current)
    .filter(([parameter, to]) => held[parameter] !== undefined && held[parameter] !== to)
    .map(([parameter, to]) => {
      const listed = watch.listed
        .filter((entry) => entry.cycle !== null && entry.cycle <= cycle && entry.values[parameter] === to)
        .reduce<number | null>((latest, entry) => Math.max(latest ?? 0, entry.cycle ?? 0), null);
      const at = listed ?? cycle;
      return { id: changeId(parameter, at, to), parameter, from: held[parameter] ?? null, to, cycle: at, status: 'in-force' as const };
    });
}

/**
 * The changes of one cycle as one event: its id from theirs (the same set gives the same id), the
 * figures before (the values they change from) and after (those values with the changes applied).
 */
export function groupChanges(changes: ParamChangeSeen[], base: WatchedValues, seenAt: string): NetworkChange[] {
  const byCycle = new Map<string, ParamChangeSeen[]>();
  for (const change of changes) byCycle.set(`${change.cycle}:${change.status}`, [...(byCycle.get(`${change.cycle}:${change.status}`) ?? []), change]);
  return [...byCycle.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.id.localeCompare(b.id));
    const first = sorted[0] as ParamChangeSeen;
    const before: WatchedValues = { ...base, ...Object.fromEntries(sorted.map((c) => [c.parameter, c.from ?? base[c.parameter]])) };
    const after: WatchedValues = { ...before, ...Object.fromEntries(sorted.map((c) => [c.parameter, c.to])) };
    const [figuresBefore, figuresAfter] = [figuresOf(before), figuresOf(after)];
    return {
      id: sorted.map((c) => c.id).join('+'),
      cycle: first.cycle,
      status: first.status,
      seenAt,
      changes: sorted.map(({ parameter, from, to }) => ({ parameter, from, to })),
      ...(figuresBefore && figuresAfter ? { before: figuresBefore, after: figuresAfter } : {}),
    };
  });
}
