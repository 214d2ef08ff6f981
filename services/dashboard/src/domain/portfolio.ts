import type { PortfolioEntry, PortfolioFields, PortfolioReply } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { assertBelowLimit, notFound } from './errors';
import type { PortfolioRecord } from './ports';
import { performanceBasis, performanceOf } from './portfolio-performance';

function withPerformance(d: DashboardDomain, record: PortfolioRecord): PortfolioEntry {
  return { ...record, performance: performanceOf(record, performanceBasis(d.network.current()), d.now()) };
}

export async function listPortfolio(d: DashboardDomain, wallet: string): Promise<Omit<PortfolioReply, 'success'>> {
  const basis = performanceBasis(d.network.current());
  const now = d.now();
  const records = await d.portfolio.list(wallet);
  return { entries: records.map((r) => ({ ...r, performance: performanceOf(r, basis, now) })), basis };
}

export async function createPortfolioEntry(d: DashboardDomain, wallet: string, fields: PortfolioFields): Promise<PortfolioEntry> {
  return d.lock.run(wallet, async () => {
    assertBelowLimit(await d.portfolio.count(wallet), 'portfolioEntries', 'portfolio entries');
    const at = d.now().toISOString();
    const record: PortfolioRecord = { ...fields, id: d.newId(), walletAddress: wallet, createdAt: at, updatedAt: at };
    await d.portfolio.insert(record);
    return withPerformance(d, record);
  });
}

export async function updatePortfolioEntry(d: DashboardDomain, wallet: string, id: string, changes: Partial<PortfolioFields>): Promise<PortfolioEntry> {
  const updated = await d.portfolio.update(wallet, id, changes, d.now().toISOString());
  if (!updated) throw notFound('Portfolio entry');
  return withPerformance(d, updated);
}

export async function deletePortfolioEntry(d: DashboardDomain, wallet: string, id: string): Promise<void> {
  if (!(await d.portfolio.remove(wallet, id))) throw notFound('Portfolio entry');
}
