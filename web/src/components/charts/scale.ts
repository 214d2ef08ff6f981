/** Maps a domain linearly onto a range (pixels); a domain of one value maps to the middle of the range. */
export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]) {
  const span = d1 - d0;
  return (value: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** A step of 1, 2 or 5 times a power of ten, near `span / count`. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  return nice * power;
}

/** Ticks of an axis: one at least. */
export type Ticks = [number, ...number[]];

/**
 * About `count` round tick values covering [min, max] (the axis runs from the first to the last):
 * multiples of 1, 2 or 5 × 10ⁿ. A flat range gets ticks around its value.
 */
export function niceTicks(min: number, max: number, count = 5): Ticks {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) / 2;
    return niceTicks(min - pad, max + pad, count);
  }
  const step = niceStep(max - min, count);
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  // Rounded through the step's decimals, so 0.1 × 3 reads 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const tick = (i: number) => Number((first + i * step).toFixed(decimals));
  const ticks: Ticks = [tick(0)];
  for (let i = 1; first + i * step <= last + step / 2; i += 1) ticks.push(tick(i));
  return ticks;
}

/** The domain an axis on these ticks spans: from the first to the last. */
export const tickDomain = (ticks: Ticks): [number, number] => [ticks[0], ticks.at(-1) ?? ticks[0]];
