// The network account as `/get-network-account?hash=false` gives it (shardeum/archiver 3011bac
// src/API.ts, src/GlobalAccount.ts: the stored account `{ accountId, cycleNumber, data, hash,
// isGlobal, timestamp }`), `data` being shardeum's NetworkAccount (accountType 5) whose `current`
// holds the NetworkParameters of shardeum/shardeum c08fc1e src/shardeum/shardeumTypes.ts (every
// field of that interface, plus a few a later release added, as extras the client must ignore;
// the values of fields we do not read are placeholders). Amounts are bigints in
// 1e18 units of "USD", turned into SHM with × stabilityScaleMul / stabilityScaleDiv (shardeum
// src/tx/claimReward.ts, src/tx/staking/verifyStake.ts).
import { createHash } from 'node:crypto';

export interface AccountSettings {
  /** nodeRewardAmountUsd: 1e18 units paid per `nodeRewardIntervalMs` of activity. */
  rewardUnits: bigint;
  /** stakeRequiredUsd, 1e18 units. */
  stakeUnits: bigint;
  nodeRewardIntervalMs: number;
  stabilityScaleMul: number;
  stabilityScaleDiv: number;
  /** minVersion: the oldest shardeum version whose join the network accepts (DEFAULT_MIN_VERSION when unset). */
  minVersion?: string;
}

/** The minimum version in force unless a change sets another; the stand-in's join requests say 1.16.3 (cycle-record.ts). */
export const DEFAULT_MIN_VERSION = '1.16.0';

/*
 * Defaults, worked out by hand:
 *   reward SHM/h = rewardUnits / 1e18 × mul / div × 3 600 000 / interval
 *                = 24649e12 / 1e18 × 10 000 000 / 24 649 × 1
 *                = 0.024649 × 405.69597… = 10 SHM per hour exactly (24649e12 × 1e7 / 24649 = 1e19 = 10e18).
 *   stake SHM    = 240 × 24649e12 / 1e18 × 1e7 / 24 649 = 240 × 10 = 2400 SHM.
 * In hex, 24649e12 = 0x57922289119000 and 240 × 24649e12 = 0x5219006080770000: both all digits,
 * so a client reading them as decimal gets 57 922 289 119 000 / 1e18 × 405.7 ≈ 0.0235 SHM/h.
 */
export const DEFAULT_REWARD_UNITS = 24_649n * 10n ** 12n;
export const DEFAULT_ACCOUNT: AccountSettings = {
  rewardUnits: DEFAULT_REWARD_UNITS,
  stakeUnits: 240n * DEFAULT_REWARD_UNITS,
  nodeRewardIntervalMs: 3_600_000,
  stabilityScaleMul: 10_000_000,
  stabilityScaleDiv: 24_649,
};

/**
 * A parameter change the network takes at `cycle`, as shardeum c08fc1e src/index.ts does it: a
 * ChangeNetworkParam tx becomes an ApplyNetworkParam that pushes `{ cycle, change: {}, appData }`
 * onto `listOfChanges`; when `cycle` comes, `updateNetworkChangeQueue` patches `current` with
 * `appData`. The archiver serves the account as stored, so the entry shows before it takes effect.
 */
export interface ScheduledChange {
  cycle: number;
  set: Partial<AccountSettings>;
}

/** The settings in force at `counter`: the base patched by every change whose cycle has come, in cycle order. */
export function accountAt(base: AccountSettings, changes: readonly ScheduledChange[], counter: number): AccountSettings {
  return [...changes].sort((a, b) => a.cycle - b.cycle).filter((c) => c.cycle <= counter).reduce<AccountSettings>((acc, c) => ({ ...acc, ...c.set }), base);
}

/** A change's `appData` under the network account's own names (bigints go on the wire as `{ dataType: 'bi' }`). */
function appDataOf(set: Partial<AccountSettings>): Record<string, unknown> {
  const names: Record<keyof AccountSettings, string> = {
    rewardUnits: 'nodeRewardAmountUsd',
    stakeUnits: 'stakeRequiredUsd',
    nodeRewardIntervalMs: 'nodeRewardInterval',
    stabilityScaleMul: 'stabilityScaleMul',
    stabilityScaleDiv: 'stabilityScaleDiv',
    minVersion: 'minVersion',
  };
  return Object.fromEntries(Object.entries(set).map(([key, value]) => [names[key as keyof AccountSettings], value]));
}

export const NETWORK_ACCOUNT_ID = '1000000000000000000000000000000000000000000000000000000000000001';

function parameters(account: AccountSettings, tidy: boolean) {
  const used = {
    nodeRewardInterval: account.nodeRewardIntervalMs,
    nodeRewardAmountUsd: account.rewardUnits,
    nodePenaltyUsd: account.rewardUnits * 10n,
    stakeRequiredUsd: account.stakeUnits,
    restakeCooldown: 1_800_000,
    stabilityScaleMul: account.stabilityScaleMul,
    stabilityScaleDiv: account.stabilityScaleDiv,
    minVersion: account.minVersion ?? DEFAULT_MIN_VERSION,
  };
  if (tidy) return used;
  return {
    title: 'Initial parameters',
    description: 'These are the initial network parameters Shardeum started with',
    ...used,
    maintenanceInterval: 86_400_000,
    maintenanceFee: 0,
    activeVersion: '1.16.3',
    latestVersion: '1.16.3',
    archiver: { minVersion: '3.5.0', activeVersion: '3.5.6', latestVersion: '3.5.6' },
    stakeLockTime: 86_400_000,
    txPause: false,
    certCycleDuration: 30,
    enableNodeSlashing: false,
    enableRPCEndpoints: false,
    chainID: 8118,
    qa: { qaTestNumber: 0, qaTestBoolean: false, qaTestPercent: 0, qaTestSemver: '1.0.0' },
    slashing: {
      enableLeftNetworkEarlySlashing: false,
      enableSyncTimeoutSlashing: false,
      enableNodeRefutedSlashing: false,
      leftNetworkEarlyPenaltyPercent: 0.2,
      syncTimeoutPenaltyPercent: 0.2,
      nodeRefutedPenaltyPercent: 0.2,
    },
  };
}

/** The `/get-network-account` body before signing; `hash=true` (the default) gives only the hash. */
export function networkAccountBody(
  base: AccountSettings,
  counter: number,
  genesis: number,
  tidy: boolean,
  useHash: boolean,
  changes: readonly ScheduledChange[] = [],
) {
  const account = accountAt(base, changes, counter);
  const current = parameters(account, tidy);
  const hash = createHash('sha256')
    .update(`${counter}:${account.rewardUnits}:${account.stakeUnits}:${account.stabilityScaleMul}:${account.stabilityScaleDiv}:${account.minVersion ?? DEFAULT_MIN_VERSION}`)
    .digest('hex');
  if (useHash) return { networkAccountHash: hash };
  const timestamp = Date.now();
  const data = {
    id: NETWORK_ACCOUNT_ID,
    accountType: 5,
    current,
    next: {},
    listOfChanges: [
      ...(tidy ? [] : [{ cycle: genesis + 1, change: { nodeRewardInterval: account.nodeRewardIntervalMs }, appData: {} }]),
      ...changes.map((c) => ({ cycle: c.cycle, change: {}, appData: appDataOf(c.set) })),
    ],
    hash,
    timestamp,
    ...(tidy ? {} : { mode: 'release' }),
  };
  return { networkAccount: { accountId: NETWORK_ACCOUNT_ID, cycleNumber: counter, data, hash, isGlobal: true, timestamp } };
}
