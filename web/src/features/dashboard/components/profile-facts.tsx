import type { InvestmentProfile } from '@shm/contracts';
import { formatUsd } from '../../../lib/format';
import { formatFinePrice } from '../utils/fine-price';
import { FactList, type Fact } from './fact-list';

const riskLabel = (risk: string) => risk.charAt(0).toUpperCase() + risk.slice(1);

/** A profile's figures, as a definition list (rows of the Profiles tab and the Overview's active profile). */
export function ProfileFacts({ profile }: { profile: InvestmentProfile }) {
  const facts: Fact[] = [
    ['Investment', formatUsd(profile.investmentAmount)],
    ['Target Earnings', formatUsd(profile.targetEarnings)],
    ['Timeframe', `${profile.targetTimeframe} ${profile.targetTimeframe === 1 ? 'month' : 'months'}`],
    ['Risk Tolerance', riskLabel(profile.riskTolerance)],
    ['Preferred SHM Price', formatFinePrice(profile.preferredShmPrice)],
    ['Node Cost / Month', formatUsd(profile.customNodeCost)],
  ];
  return <FactList facts={facts} />;
}
