// A chain-node script sent as JSON to the control route (`POST /stand-in/chain-nodes`): amounts are
// decimal strings (JSON has no bigints), times numbers. Each wrong field is named in a ScriptError.
import type { ChainEvent, ChainNodeScript, Violation } from './chain-ledger';
import { ScriptError } from './scripted-nodes';

const VIOLATIONS: readonly number[] = [1000, 1001, 1002, 1003];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function wei(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !/^\d{1,40}$/.test(value)) throw new ScriptError(`${field} must be a decimal string of wei`);
  return BigInt(value);
}

function time(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new ScriptError(`${field} must be a whole non-negative number`);
  return value;
}

function eventOf(raw: unknown, index: number): ChainEvent {
  const field = `events[${index}]`;
  if (!isRecord(raw)) throw new ScriptError(`${field} must be an object`);
  const at = time(raw.at, `${field}.at`);
  const rate = () => (raw.rateUnits === undefined ? {} : { rateUnits: wei(raw.rateUnits, `${field}.rateUnits`) });
  switch (raw.type) {
    case 'stake':
      return { type: 'stake', at, amountWei: wei(raw.amountWei, `${field}.amountWei`) };
    case 'activate':
      return { type: 'activate', at, ...rate() };
    case 'claim':
      return { type: 'claim', at, ...rate() };
    case 'penalty':
      if (typeof raw.violation !== 'number' || !VIOLATIONS.includes(raw.violation)) throw new ScriptError(`${field}.violation must be 1000, 1001, 1002 or 1003`);
      return { type: 'penalty', at, violation: raw.violation as Violation, amountWei: wei(raw.amountWei, `${field}.amountWei`) };
    case 'unstake':
      if (raw.force !== undefined && typeof raw.force !== 'boolean') throw new ScriptError(`${field}.force must be a boolean`);
      return { type: 'unstake', at, ...(raw.force === undefined ? {} : { force: raw.force }) };
    default:
      throw new ScriptError(`${field}.type must be stake, activate, claim, penalty or unstake`);
  }
}

/** The script in a control request's body, checked field by field. */
export function parseChainScript(raw: unknown): ChainNodeScript {
  if (!isRecord(raw)) throw new ScriptError('script must be an object');
  if (typeof raw.nominator !== 'string') throw new ScriptError('script.nominator must be a string');
  if (!Array.isArray(raw.events)) throw new ScriptError('script.events must be an array');
  const script: ChainNodeScript = { nominator: raw.nominator, events: raw.events.map(eventOf) };
  if (raw.certExp !== undefined) script.certExp = raw.certExp === null ? null : time(raw.certExp, 'script.certExp');
  if (raw.balanceWei !== undefined) script.balanceWei = wei(raw.balanceWei, 'script.balanceWei');
  if (raw.tamper !== undefined) {
    if (!isRecord(raw.tamper) || typeof raw.tamper.deltaSeconds !== 'number' || !Number.isSafeInteger(raw.tamper.deltaSeconds)) {
      throw new ScriptError('script.tamper must be { historyEndIndex, deltaSeconds } with whole numbers');
    }
    script.tamper = { historyEndIndex: time(raw.tamper.historyEndIndex, 'script.tamper.historyEndIndex'), deltaSeconds: raw.tamper.deltaSeconds };
  }
  return script;
}
