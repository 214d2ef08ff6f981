/** At or above this share of the expected rewards an entry counts as on track. */
export const ON_TRACK_RATIO = 0.9;

export type RatioStatus = 'on-track' | 'below';

export interface RatioDisplay {
  /** "92% of expected", or '—' while nothing is expected yet. */
  text: string;
  status: RatioStatus | null;
  /** The badge's words. */
  label: string | null;
}

/**
 * actualRewards / expectedRewards as the portfolio shows it. The percent is rounded down so the text
 * never reads 90 % for an entry the badge calls below (0.8996 shows 89 %); toFixed first forgives
 * float noise such as 0.29 × 100 = 28.999999999999996.
 */
/** Below this many SHM expected the comparison is noise (a node linked minutes ago): shown as a dash, as when nothing is expected. */
export const MIN_EXPECTED_TO_COMPARE = 0.01;

export function describeRatio(ratio: number | null | undefined, expected?: number): RatioDisplay {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return { text: '—', status: null, label: null };
  if (expected !== undefined && expected < MIN_EXPECTED_TO_COMPARE) return { text: '—', status: null, label: null };
  const percent = Math.floor(Number((ratio * 100).toFixed(9)));
  const status: RatioStatus = ratio >= ON_TRACK_RATIO ? 'on-track' : 'below';
  return {
    text: `${percent.toLocaleString('en-US')}% of expected`,
    status,
    label: status === 'on-track' ? 'On track' : 'Below expected',
  };
}
