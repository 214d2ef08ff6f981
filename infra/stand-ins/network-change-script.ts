// The body of `POST /stand-in/network-changes` (stand-in-control.ts), checked: a scheduled change of
// the network account (network-account.ts), amounts as decimal strings of 1e18 units (JSON has no bigint),
// `minVersion` as a version string (`1.17.0`).
import type { AccountSettings, ScheduledChange } from './network-account';
import { ScriptError } from './scripted-nodes';

const UNITS = ['rewardUnits', 'stakeUnits'] as const;
const NUMBERS = ['nodeRewardIntervalMs', 'stabilityScaleMul', 'stabilityScaleDiv'] as const;

export function parseNetworkChange(body: Record<string, unknown>): ScheduledChange {
  const { cycle, set } = body;
  if (typeof cycle !== 'number' || !Number.isInteger(cycle) || cycle < 0) throw new ScriptError('cycle must be a whole number');
  if (typeof set !== 'object' || set === null || Array.isArray(set)) throw new ScriptError('set must be an object');
  const given = set as Record<string, unknown>;
  const known = new Set<string>([...UNITS, ...NUMBERS, 'minVersion']);
  const unknown = Object.keys(given).find((key) => !known.has(key));
  if (unknown) throw new ScriptError(`set.${unknown} is not a network account setting`);
  const parsed: Partial<AccountSettings> = {};
  for (const key of UNITS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^\d{1,40}$/.test(value)) throw new ScriptError(`set.${key} must be a decimal string of 1e18 units`);
    parsed[key] = BigInt(value);
  }
  for (const key of NUMBERS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new ScriptError(`set.${key} must be a positive whole number`);
    parsed[key] = value;
  }
  if (given.minVersion !== undefined) {
    if (typeof given.minVersion !== 'string' || !/^\d{1,9}(\.\d{1,9}){0,3}$/.test(given.minVersion)) throw new ScriptError('set.minVersion must be a version such as 1.17.0');
    parsed.minVersion = given.minVersion;
  }
  if (Object.keys(parsed).length === 0) throw new ScriptError('set must name at least one setting');
  return { cycle, set: parsed };
}
