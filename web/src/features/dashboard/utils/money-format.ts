import type { DayPrice, PriceCurrency, UnstakeState } from '@shm/contracts';
import { formatDay } from './dates';

/** The node money view's words and number shapes (issue 34), kept apart so the CSV and the page agree. */

const utc = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** A chain time in UTC, as the chain and a tax return count days: "Nov 20, 2025, 10:00 UTC". */
export function formatUtc(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${utc.format(time)} UTC`;
}

const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** A period: "Nov 20, 2025, 10:00 – 12:00 UTC" within one UTC day, otherwise both ends in full. */
export function formatUtcRange(startIso: string, endIso: string): string {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (Number.isNaN(start) || Number.isNaN(end)) return `${startIso} – ${endIso}`;
  if (startIso.slice(0, 10) !== endIso.slice(0, 10)) return `${utc.format(start)} – ${utc.format(end)} UTC`;
  return `${utc.format(start)} – ${clock.format(end)} UTC`;
}

/** 7200 → "7,200 s (2 h 0 m)"; under an hour "1,200 s (20 m)". */
export function formatSeconds(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${seconds.toLocaleString('en-US')} s (${hours > 0 ? `${hours} h ${minutes} m` : `${minutes} m`})`;
}

const fiat = new Map<string, Intl.NumberFormat>();
const fiatFormat = (currency: PriceCurrency, decimals: [number, number]) => {
  const key = `${currency}:${decimals.join('-')}`;
  let format = fiat.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: decimals[0], maximumFractionDigits: decimals[1] });
    fiat.set(key, format);
  }
  return format;
};

/** A value to the cent in the reply's currency: $2.40, €1,234.56. */
export const formatValue = (value: number, currency: PriceCurrency) => fiatFormat(currency, [2, 2]).format(value);

/** An SHM price: $0.1200 (4 to 6 decimals: SHM trades at cents). */
export const formatPriceIn = (price: number, currency: PriceCurrency) => fiatFormat(currency, [4, 6]).format(price);

/** The price at a day, or that there is none: "$0.1200 on Nov 20, 2025", "no price for 2025-11-20". */
export const describeDayPrice = ({ day, price }: DayPrice, currency: PriceCurrency) =>
  price === null ? `no price for ${day}` : `${formatPriceIn(price, currency)} on ${formatDay(day)}`;

/** Which rule chose a period's rate: the chain pays max(rate at activation, rate at claim). */
export const RULE_LABELS = { activation: 'rate at activation', claim: 'rate at claim', same: 'same rate', unknown: 'not known' } as const;

export const PENALTY_LABELS = { 'left-early': 'Left early', 'syncing-too-long': 'Syncing too long', 'double-vote': 'Double vote', refuted: 'Refuted', other: 'Other violation' } as const;

export const CHECK_LOOK = {
  ok: { label: 'OK', severity: 'success', icon: 'pi pi-check' },
  mismatch: { label: 'Mismatch', severity: 'danger', icon: 'pi pi-times' },
  unverified: { label: 'Unverified', severity: 'secondary', icon: 'pi pi-question' },
} as const;

/** The seven unstake states in the product's words (the chain's own rule and refusal come with the reply). */
export const UNSTAKE_STATE_LABELS: Record<UnstakeState, string> = {
  'no-stake': 'No stake to unstake',
  'other-wallet': 'Staked by another wallet',
  standby: 'On the standby list',
  active: 'Active in the network',
  'no-end-time': 'Gone, with no reward end time',
  'cert-not-expired': 'Stake certificate not yet expired',
  'can-unstake': 'Can be unstaked',
};

/** The fixed promise of the page (issue 34): nothing here takes a key. */
export const KEYS_NOTICE = 'This page never asks for your keys. Nothing here accepts a private key or seed phrase.';
