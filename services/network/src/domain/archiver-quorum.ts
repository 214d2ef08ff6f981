import type { ArchiverCheck, ArchiverRefusal } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { ArchiverEndpoint, ArchiverPort, CycleRecord } from './ports';

/** Latest cycles each archiver is asked for: enough overlap that archivers a cycle or two apart still meet. */
export const TIP_CYCLES = 3;

/** A reply refused for a reason the page, the metrics and the logs name (contracts `ARCHIVER_REFUSALS`). */
export class RefusedReplyError extends Error {
  constructor(
    readonly reason: ArchiverRefusal,
    message: string,
  ) {
    super(`${reason}: ${message}`);
    this.name = 'RefusedReplyError';
  }
}

/** The network this service follows: configured (NETWORK_ID), else learned from the first quorum and then held. */
export interface NetworkIdentity {
  /** The expected `networkId`, or undefined before it is configured or learned. */
  expected(): Promise<string | undefined>;
  /** Holds `networkId` unless one is held already; returns the one held (the first a replica stored wins). */
  learn(networkId: string): Promise<string>;
}

export interface QuorumDeps {
  archiver: ArchiverPort;
  identity: NetworkIdentity;
  /** The newest cycle already accepted (stored), if any: nothing older is taken again. */
  newestAccepted(): Promise<number | undefined>;
  /** A newest cycle that started more than this many cycle durations before now is stale. */
  maxLagCycles: number;
  logger: Logger;
}

export interface Quorum {
  /** The cycle the figures rest on: the newest (counter, marker) two archivers signed, or a lone archiver's newest. */
  final: CycleRecord;
  agreement: 'quorum' | 'single source';
  /** The archivers that signed `final`, in the directory's order (the first is asked for the figures). */
  agreeing: ArchiverEndpoint[];
}

export interface QuorumOutcome {
  quorum: Quorum | null;
  refused: { archiver: ArchiverEndpoint; reason: ArchiverRefusal; detail: string }[];
  asked: number;
}

const reasonOf = (err: unknown): ArchiverRefusal =>
  err instanceof RefusedReplyError ? err.reason : err instanceof Error && err.name === 'UntrustedReplyError' ? 'untrusted' : 'unreachable';
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const vote = (record: CycleRecord) => `${record.counter}:${record.marker ?? ''}:${record.networkId ?? ''}`;

/**
 * Which cycle the archivers agree on (docs/network-data.md, "Which archivers, and whether to believe
 * them"). Every archiver is asked for its latest TIP_CYCLES records at once. One is refused when a
 * reply is not signed as it must be (`untrusted`), names another network than the one held
 * (`wrong-network`), ends before the newest cycle accepted or started more than `maxLagCycles`
 * cycles ago (`stale`), or, at a counter the others agree on, signs another marker (`disagrees`). The
 * final cycle is the newest (counter, marker) at least two archivers signed; with one usable archiver
 * it is that archiver's newest, labelled `single source`; with several that agree on nothing there is
 * none. The first quorum with no network held teaches it (a lone archiver never does).
 */
export async function confirmCycle(deps: QuorumDeps, archivers: ArchiverEndpoint[], nowMs: number): Promise<QuorumOutcome> {
  const [tips, newestAccepted] = await Promise.all([
    Promise.allSettled(archivers.map((a) => deps.archiver.latestCycles(a, TIP_CYCLES))),
    deps.newestAccepted(),
  ]);
  let expected = await deps.identity.expected();
  const refused: QuorumOutcome['refused'] = [];
  const refuse = (archiver: ArchiverEndpoint, reason: ArchiverRefusal, detail: string) => {
    refused.push({ archiver, reason, detail });
    deps.logger.warn({ archiver: archiver.url, reason, detail }, 'archiver refused; skipped until it agrees again');
  };
  /** Refuses the archiver as `wrong-network` when one of its records names another network than the one held. */
  const refusedForeign = (archiver: ArchiverEndpoint, records: CycleRecord[]) => {
    const foreign = expected ? records.find((r) => r.networkId !== expected) : undefined;
    if (foreign) refuse(archiver, 'wrong-network', `cycle ${foreign.counter} names network ${foreign.networkId ?? '(none)'}, not ${expected}`);
    return foreign !== undefined;
  };

  let candidates: { archiver: ArchiverEndpoint; records: CycleRecord[]; newest: CycleRecord }[] = [];
  archivers.forEach((archiver, index) => {
    const tip = tips[index];
    if (!tip) throw new Error(`No answer was recorded for archiver ${archiver.url}`);
    if (tip.status === 'rejected') return refuse(archiver, reasonOf(tip.reason), message(tip.reason));
    const records = [...tip.value].sort((a, b) => b.counter - a.counter);
    const newest = records[0];
    if (!newest) return refuse(archiver, 'unreachable', 'no cycle records');
    if (refusedForeign(archiver, records)) return;
    if (newestAccepted !== undefined && newest.counter < newestAccepted) {
      return refuse(archiver, 'stale', `newest cycle ${newest.counter} is older than cycle ${newestAccepted}, accepted already`);
    }
    const lagCycles = (nowMs / 1000 - newest.start) / newest.duration;
    if (lagCycles > deps.maxLagCycles) return refuse(archiver, 'stale', `newest cycle ${newest.counter} started ${Math.floor(lagCycles)} cycles ago`);
    candidates.push({ archiver, records, newest });
  });

  // Votes: who signed each (counter, marker, network). Agreed: the votes two or more archivers cast.
  const votes = new Map<string, { record: CycleRecord; by: Set<ArchiverEndpoint> }>();
  for (const { archiver, records } of candidates) {
    for (const record of records) {
      const entry = votes.get(vote(record)) ?? { record, by: new Set() };
      entry.by.add(archiver);
      votes.set(vote(record), entry);
    }
  }
  const agreed = [...votes.values()].filter((v) => v.by.size >= 2);
  const final = agreed.reduce<CycleRecord | undefined>((best, v) => (!best || v.record.counter > best.counter ? v.record : best), undefined);

  if (final && !expected && final.networkId) {
    try {
      expected = await deps.identity.learn(final.networkId);
      deps.logger.info({ networkId: expected, cycle: final.counter }, 'network identity held from the first quorum');
    } catch (err) {
      // Not held this time (MongoDB away): the next quorum teaches it; this one is still believed.
      deps.logger.warn({ reason: message(err) }, 'network identity not held this poll');
      expected = final.networkId;
    }
  }
  const agreedAt = new Map(agreed.filter((v) => !expected || v.record.networkId === expected).map((v) => [v.record.counter, v.record.marker]));
  candidates = candidates.filter(({ archiver, records }) => {
    if (refusedForeign(archiver, records)) return false;
    const other = records.find((r) => agreedAt.has(r.counter) && agreedAt.get(r.counter) !== r.marker);
    if (!other) return true;
    refuse(archiver, 'disagrees', `cycle ${other.counter} has marker ${other.marker ?? '(none)'}; the others signed ${agreedAt.get(other.counter) ?? '(none)'}`);
    return false;
  });

  const signedFinal = (c: (typeof candidates)[number]) => final !== undefined && c.records.some((r) => vote(r) === vote(final));
  if (final && (!expected || final.networkId === expected)) {
    return { quorum: { final, agreement: 'quorum', agreeing: candidates.filter(signedFinal).map((c) => c.archiver) }, refused, asked: archivers.length };
  }
  const [lone] = candidates;
  if (candidates.length === 1 && lone) {
    return { quorum: { final: lone.newest, agreement: 'single source', agreeing: [lone.archiver] }, refused, asked: archivers.length };
  }
  if (candidates.length > 1) {
    deps.logger.warn({ archivers: candidates.map((c) => c.archiver.url) }, 'the archivers agree on no cycle; their figures are not used this poll');
  }
  return { quorum: null, refused, asked: archivers.length };
}

/** The outcome as the snapshot carries it (contracts `ArchiverCheck`). */
export function archiverCheck(outcome: QuorumOutcome, used: boolean): ArchiverCheck {
  const { quorum } = outcome;
  return {
    agreement: used && quorum ? quorum.agreement : 'none',
    ...(used && quorum ? { cycle: quorum.final.counter } : {}),
    agreeing: used && quorum ? quorum.agreeing.length : 0,
    asked: outcome.asked,
    refused: outcome.refused.map(({ archiver, reason }) => ({ archiver: archiver.url, reason })),
  };
}
