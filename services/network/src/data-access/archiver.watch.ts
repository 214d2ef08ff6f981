import { WATCHED_PARAMETERS, type WatchedParameter, type WatchedValues } from '@shm/contracts';
import { z } from 'zod';
import type { AccountWatch } from '../domain/ports';

/**
 * What the network watch reads of the network account beside the figures (archiver.schemas.ts):
 * `current`, `next` and `listOfChanges` of shardeum c08fc1e src/shardeum/shardeumTypes.ts
 * `NetworkAccount`. A change is `{ cycle, change, appData }`, `appData` holding the NetworkParameters
 * it sets (src/index.ts ChangeNetworkParam → ApplyNetworkParam), patched into `current` when `cycle`
 * comes (`updateNetworkChangeQueue`); `change` holds Shardus settings, which the calculator does not use.
 */
const AMOUNTS = new Set<WatchedParameter>(['nodeRewardAmountUsd', 'stakeRequiredUsd']);
const WEI = 10n ** 18n;

/** An amount as the account holds it: `{ dataType: 'bi', value: hex }` or a 0x-hex string, in whole units. */
function units(value: unknown): number | undefined {
  const hex =
    typeof value === 'object' && value !== null && (value as { dataType?: unknown }).dataType === 'bi'
      ? (value as { value?: unknown }).value
      : typeof value === 'string' && value.startsWith('0x')
        ? value.slice(2)
        : undefined;
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{1,64}$/.test(hex)) return undefined;
  const big = BigInt(`0x${hex}`);
  return Number(big / WEI) + Number(big % WEI) / 1e18;
}

const at = (source: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), source);

/** The watched values a parameters object holds (a whole `current` or a change's partial `appData`); others are left out. */
export function watchedValues(source: unknown): WatchedValues {
  const values: WatchedValues = {};
  for (const parameter of WATCHED_PARAMETERS) {
    const raw = at(source, parameter);
    if (raw === undefined) continue;
    const value = AMOUNTS.has(parameter) ? units(raw) : typeof raw === 'string' ? raw.slice(0, 64) : typeof raw === 'number' || typeof raw === 'boolean' ? raw : undefined;
    if (value !== undefined) values[parameter] = value;
  }
  return values;
}

const ChangeEntrySchema = z.object({ cycle: z.number().int().min(0), appData: z.unknown().optional() });

/** The account's watch part: what is in force, what `listOfChanges` lists (with its cycles) and `next`. */
export const AccountWatchSchema = z
  .object({
    current: z.record(z.string(), z.unknown()),
    listOfChanges: z.array(z.unknown()).max(10_000).optional(),
    next: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((data): AccountWatch => {
    const listed = (data.listOfChanges ?? []).flatMap((entry) => {
      const parsed = ChangeEntrySchema.safeParse(entry);
      if (!parsed.success) return [];
      const values = watchedValues(parsed.data.appData);
      return Object.keys(values).length ? [{ cycle: parsed.data.cycle, values }] : [];
    });
    const next = watchedValues(data.next);
    return {
      current: watchedValues(data.current),
      listed: [...listed, ...(Object.keys(next).length ? [{ cycle: null, values: next }] : [])],
    };
  });
