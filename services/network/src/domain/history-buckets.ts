import type { NetworkData, NetworkHistoryPoint } from '@shm/contracts';

export const FIVE_MINUTES_MS = 300_000;
export const HOUR_MS = 3_600_000;

/** Start of the bucket `at` falls in; aligned to the Unix epoch, so every replica names the same bucket. */
export const bucketStart = (at: Date, sizeMs: number): Date => new Date(Math.floor(at.getTime() / sizeMs) * sizeMs);

/** What one snapshot (and the price of the moment) puts in its 5-minute bucket. */
export function pointOf(snapshot: NetworkData, priceUsd: number | null, at: Date): NetworkHistoryPoint {
  return {
    t: bucketStart(at, FIVE_MINUTES_MS).toISOString(),
    active: snapshot.totalNodes,
    standby: snapshot.standbyNodes,
    community: snapshot.activeSlots,
    // Absent keys stay absent: the driver would store an undefined as null, which the contract refuses.
    ...(snapshot.totalFoundationNodes === undefined ? {} : { foundation: snapshot.totalFoundationNodes }),
    priceUsd,
    ...(snapshot.rewardPerHour === undefined ? {} : { rewardPerHour: snapshot.rewardPerHour }),
    ...(snapshot.stakeRequired === undefined ? {} : { stakeRequired: snapshot.stakeRequired }),
    estimate: snapshot.isEstimate,
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const tenth = (value: number) => Math.round(value * 10) / 10;
const sixDigits = (value: number) => Number(value.toPrecision(6));
const present = (values: (number | null | undefined)[]) => values.filter((v): v is number => typeof v === 'number');

/**
 * One bucket made of smaller ones (oldest first): the mean of each count (to 0.1) and of the prices
 * known (6 significant digits); foundation over the buckets that knew it. Reward and stake are
 * parameters, not samples, so the latest known value stands for the bucket.
 */
export function averagePoints(points: NetworkHistoryPoint[], bucketStart: Date): NetworkHistoryPoint {
  const foundations = present(points.map((p) => p.foundation));
  const prices = present(points.map((p) => p.priceUsd));
  const rewardPerHour = points.findLast((p) => p.rewardPerHour !== undefined)?.rewardPerHour;
  const stakeRequired = points.findLast((p) => p.stakeRequired !== undefined)?.stakeRequired;
  return {
    t: bucketStart.toISOString(),
    active: tenth(mean(points.map((p) => p.active))),
    standby: tenth(mean(points.map((p) => p.standby))),
    community: tenth(mean(points.map((p) => p.community))),
    ...(foundations.length ? { foundation: tenth(mean(foundations)) } : {}),
    priceUsd: prices.length ? sixDigits(mean(prices)) : null,
    ...(rewardPerHour === undefined ? {} : { rewardPerHour }),
    ...(stakeRequired === undefined ? {} : { stakeRequired }),
    estimate: points.some((p) => p.estimate),
  };
}

/** Points grouped by the start of their hour, hours oldest first, points in each as given. */
export function byHour(points: NetworkHistoryPoint[]): { hour: Date; points: NetworkHistoryPoint[] }[] {
  const groups = new Map<number, NetworkHistoryPoint[]>();
  for (const point of points) {
    const hour = bucketStart(new Date(point.t), HOUR_MS).getTime();
    groups.set(hour, [...(groups.get(hour) ?? []), point]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([hour, group]) => ({ hour: new Date(hour), points: group }));
}
