import { ErrorCode, type NodeStatus, type PerformanceBasis, type PortfolioEntry, type PortfolioFields, type PortfolioReply, type RotationStats } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { DashboardDomain } from './deps';
import { assertBelowLimit, notFound } from './errors';
import { countingFrom, linkedNodeOf } from './linked-node';
import type { PortfolioRecord } from './ports';
import { nodePerformanceOf, performanceBasis, performanceOf } from './portfolio-performance';
import { portfolioTotals } from './portfolio-totals';
import { listProfiles } from './default-profile';
import { fleetMoneyOf, fleetOf } from './fleet';

const alreadyLinked = () => new AppError(ErrorCode.CONFLICT, 409, 'This node is already in your portfolio');

function entryOf(record: PortfolioRecord, status: NodeStatus | null, basis: PerformanceBasis, rotation: RotationStats | undefined, now: Date): PortfolioEntry {
  if (!record.nodePublicKey) return { ...record, performance: performanceOf(record, basis, now), node: null };
  const node = linkedNodeOf(status, record.entryDate, rotation, now);
  // Without a status the entry keeps its typed figures, for the one node it stands for.
  const performance = status
    ? nodePerformanceOf(node.earnedSHM, countingFrom(record.entryDate, status), basis, now)
    : performanceOf({ ...record, nodeCount: 1 }, basis, now);
  return { ...record, performance, node };
}

/** Entries with their nodes and performance: one lookup for the distinct keys they link, none when they link none. */
async function present(domain: DashboardDomain, records: PortfolioRecord[]): Promise<{ entries: PortfolioEntry[]; basis: PerformanceBasis }> {
  const network = domain.network.current();
  const basis = performanceBasis(network);
  const keys = [...new Set(records.flatMap((r) => (r.nodePublicKey ? [r.nodePublicKey] : [])))];
  const statuses = keys.length > 0 ? await domain.nodes.lookup(keys) : [];
  const byKey = new Map((statuses ?? []).map((s) => [s.publicKey.toLowerCase(), s]));
  const now = domain.now();
  return { entries: records.map((r) => entryOf(r, (r.nodePublicKey && byKey.get(r.nodePublicKey)) || null, basis, network?.rotation, now)), basis };
}

async function presentOne(domain: DashboardDomain, record: PortfolioRecord): Promise<PortfolioEntry> {
  const [entry] = (await present(domain, [record])).entries;
  if (!entry) throw new Error(`Portfolio entry ${record.id} was not presented`);
  return entry;
}

export async function listPortfolio(domain: DashboardDomain, wallet: string): Promise<Omit<PortfolioReply, 'success'>> {
  const { entries, basis } = await present(domain, await domain.portfolio.list(wallet));
  const reply = { entries, basis, totals: portfolioTotals(entries) };
  if (!entries.some((entry) => entry.nodePublicKey)) return reply;
  // The fleet's money columns price with the wallet's default profile (read only when a node is linked).
  const profile = (await listProfiles(domain, wallet)).find((p) => p.isDefault);
  return { ...reply, fleet: fleetOf(entries, fleetMoneyOf(profile), domain.now()) };
}

/**
 * Under the wallet lock: a key links one entry per wallet ("This node is already in your
 * portfolio"), and an entry that becomes linked must stay within DASHBOARD_LIMITS.linkedNodes.
 */
async function assertCanLink(domain: DashboardDomain, wallet: string, publicKey: string, addsOne: boolean): Promise<void> {
  if (await domain.portfolio.linkedIn(wallet, publicKey)) throw alreadyLinked();
  if (addsOne) assertBelowLimit(await domain.portfolio.countLinked(wallet), 'linkedNodes', 'linked nodes');
}

/** A linked entry is one node: linking (or editing a linked entry) stores nodeCount 1 whatever was sent. */
const ONE_NODE = { nodeCount: 1 } as const;

export async function createPortfolioEntry(domain: DashboardDomain, wallet: string, fields: PortfolioFields): Promise<PortfolioEntry> {
  const record = await domain.lock.run(wallet, async (held) => {
    assertBelowLimit(await domain.portfolio.count(wallet), 'portfolioEntries', 'portfolio entries');
    const nodePublicKey = fields.nodePublicKey ?? null;
    if (nodePublicKey) await assertCanLink(domain, wallet, nodePublicKey, true);
    const at = domain.now().toISOString();
    const created: PortfolioRecord = {
      ...fields,
      ...(nodePublicKey ? ONE_NODE : {}),
      nodePublicKey,
      id: domain.newId(),
      walletAddress: wallet,
      createdAt: at,
      updatedAt: at,
    };
    held.throwIfAborted();
    await domain.portfolio.insert(created);
    return created;
  });
  return presentOne(domain, record);
}

/** `nodePublicKey: null` unlinks (nodeCount stays 1 unless the same change sets it). */
export async function updatePortfolioEntry(domain: DashboardDomain, wallet: string, id: string, changes: Partial<PortfolioFields>): Promise<PortfolioEntry> {
  const updated = await domain.lock.run(wallet, async (held) => {
    const current = await domain.portfolio.get(wallet, id);
    if (!current) return null;
    const nodePublicKey = changes.nodePublicKey === undefined ? current.nodePublicKey : changes.nodePublicKey;
    if (nodePublicKey && nodePublicKey !== current.nodePublicKey) await assertCanLink(domain, wallet, nodePublicKey, !current.nodePublicKey);
    held.throwIfAborted();
    return domain.portfolio.update(wallet, id, { ...changes, ...(nodePublicKey ? ONE_NODE : {}) }, domain.now().toISOString());
  });
  if (!updated) throw notFound('Portfolio entry');
  return presentOne(domain, updated);
}

export async function deletePortfolioEntry(domain: DashboardDomain, wallet: string, id: string): Promise<void> {
  if (!(await domain.portfolio.remove(wallet, id))) throw notFound('Portfolio entry');
}
