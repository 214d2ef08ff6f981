import type { NetworkData } from '@shm/contracts';

/**
 * The Network Analysis and Health indicator figures of the network page (spec §2.7). Every ratio
 * whose denominator is not a positive number shows '—' (never NaN or Infinity).
 */
const DASH = '—';
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** numerator / denominator, or null when it does not exist as a finite number. */
export function ratio(numerator: number, denominator: number): number | null {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator <= 0) return null;
  return numerator / denominator;
}

const percent = (value: number | null, format: Intl.NumberFormat) => (value === null ? DASH : `${format.format(value * 100)}%`);

export interface NetworkAnalysis {
  /** activeSlots / communityNodes, percent with 1 decimal. */
  activeParticipation: string;
  /** standbyNodes / communityNodes, percent with 1 decimal. */
  standbyQueue: string;
  /** communityNodes / totalNodes, percent with 1 decimal. */
  utilization: string;
}

export function networkAnalysis(data: Pick<NetworkData, 'activeSlots' | 'standbyNodes' | 'communityNodes' | 'totalNodes'>): NetworkAnalysis {
  return {
    activeParticipation: percent(ratio(data.activeSlots, data.communityNodes), oneDecimal),
    standbyQueue: percent(ratio(data.standbyNodes, data.communityNodes), oneDecimal),
    utilization: percent(ratio(data.communityNodes, data.totalNodes), oneDecimal),
  };
}

export type Decentralization = 'High' | 'Medium' | 'Low';

/** High above 100 community nodes, Medium above 50, otherwise Low. */
export const decentralization = (communityNodes: number): Decentralization =>
  communityNodes > 100 ? 'High' : communityNodes > 50 ? 'Medium' : 'Low';

export interface HealthIndicators {
  /** activeSlots / communityNodes as a percent with 2 decimals. */
  selectionProbability: string;
  /** About communityNodes / activeSlots cycles, rounded. */
  expectedWait: string;
  decentralization: Decentralization;
  /** standbyNodes / activeSlots with 1 decimal, as a ratio to 1. */
  competition: string;
}

export function healthIndicators(data: Pick<NetworkData, 'activeSlots' | 'standbyNodes' | 'communityNodes'>): HealthIndicators {
  const wait = ratio(data.communityNodes, data.activeSlots);
  const competition = ratio(data.standbyNodes, data.activeSlots);
  const cycles = wait === null ? null : Math.round(wait);
  return {
    selectionProbability: percent(ratio(data.activeSlots, data.communityNodes), twoDecimals),
    expectedWait: cycles === null ? DASH : `~${cycles.toLocaleString('en-US')} ${cycles === 1 ? 'cycle' : 'cycles'}`,
    decentralization: decentralization(data.communityNodes),
    competition: competition === null ? DASH : `${oneDecimal.format(competition)}:1`,
  };
}

/** Share of a part in a whole as a percent with 1 decimal, or '—'. */
export const shareOf = (part: number, whole: number) => percent(ratio(part, whole), oneDecimal);
