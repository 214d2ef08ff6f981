/** Seconds; the bulk of the traffic takes 1 to 50 ms, a chain or RPC wait up to the proxy timeout. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;
const LE = [...DURATION_BUCKETS.map(String), '+Inf'];
/** Methods as they are; any other method is `other`, so a client cannot mint label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type HttpLabels = { method: string; route: string; status_class: string };

interface Series {
  labels: HttpLabels;
  /** Requests per bucket, not cumulative; the last one is above the highest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** One sample as prom-client's registry prints it (its default labels are added there). */
export interface SampleValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The HTTP request histogram and counter, kept by hand: prom-client's own Histogram hashes the label
 * set and validates it on every observation, a few microseconds per request on a hop that spends
 * 40 to 100 µs in all (bench/request-metrics.ts). Here a request finds its series through two map
 * lookups and an array slot, and adds to numbers. Both metrics read the same series: the counter is
 * the histogram's count.
 */
export function requestSeries() {
  const byRoute = new Map<string, Map<string, (Series | undefined)[]>>();
  const all: Series[] = [];

  const seriesOf = (method: string, route: string, status: number): Series => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map<string, (Series | undefined)[]>()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const slot = status === 0 ? 0 : Math.floor(status / 100);
    let series = byClass[slot];
    if (!series) {
      const status_class = status === 0 ? 'aborted' : `${slot}xx`;
      series = { labels: { method, route, status_class }, buckets: new Float64Array(LE.length), sum: 0, count: 0 };
      byClass[slot] = series;
      all.push(series);
    }
    return series;
  };

  return {
    /** One finished request: `status` 0 when the client left before any reply. */
    observe: (method: string | undefined, route: string, status: number, seconds: number): void => {
      const series = seriesOf(method !== undefined && METHODS.has(method) ? method : 'other', route, status);
      // The first bound the duration is within; past the highest, the +Inf slot.
      let bucket = 0;
      for (const bound of DURATION_BUCKETS) {
        if (seconds <= bound) break;
        bucket++;
      }
      series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
      series.sum += seconds;
      series.count += 1;
    },
    histogram(name: string): SampleValue[] {
      const values: SampleValue[] = [];
      for (const { labels, buckets, sum, count } of all) {
        let cumulative = 0;
        for (const [i, le] of LE.entries()) {
          cumulative += buckets[i] ?? 0;
          values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
        }
        values.push({ metricName: `${name}_sum`, labels, value: sum }, { metricName: `${name}_count`, labels, value: count });
      }
      return values;
    },
    counter(): SampleValue[] {
      return all.map(({ labels, count }) => ({ labels, value: count }));
    },
  };
}
