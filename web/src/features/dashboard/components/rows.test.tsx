import { renderToStaticMarkup } from 'react-dom/server';
import type { InvestmentProfile } from '@shm/contracts';
import { sampleEntry } from '../testing/samples';
import { PortfolioRow } from './portfolio-row';
import { ProfileRow } from './profile-row';

const profile: InvestmentProfile = {
  id: 'p1',
  walletAddress: '0xabc',
  profileName: 'Two nodes',
  investmentAmount: 10000,
  targetTimeframe: 12,
  targetEarnings: 5000,
  riskTolerance: 'moderate',
  preferredShmPrice: 0.25,
  customNodeCost: 35,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const entry = sampleEntry;

const noop = () => undefined;
const profileRow = (p: InvestmentProfile) =>
  renderToStaticMarkup(<ProfileRow profile={p} isActive={false} busy={false} onEdit={noop} onCopy={noop} onMakeDefault={noop} onDelete={noop} />);

describe('ProfileRow', () => {
  it('when the profile is the default, then the Default badge shows and Make Default does not', () => {
    const html = profileRow(profile);
    expect(html).toContain('data-testid="default-badge"');
    expect(html).not.toContain('Make Default');
    expect(html).toContain('$10,000.00');
    expect(html).toContain('$0.2500');
    expect(html).toContain('12 months');
  });

  it('when it is not the default, then no badge and a Make Default button', () => {
    const html = profileRow({ ...profile, isDefault: false });
    expect(html).not.toContain('default-badge');
    expect(html).toContain('Make Default');
  });
});

describe('PortfolioRow', () => {
  it('when rewards are 92.4% of expected, then "92% of expected" with On track, and both reward figures', () => {
    const html = renderToStaticMarkup(<PortfolioRow entry={entry} busy={false} onEdit={noop} onDelete={noop} />);
    expect(html).toContain('data-status="on-track"');
    expect(html).toContain('92% of expected');
    expect(html).toContain('On track');
    expect(html).toContain('1,250 SHM');
    expect(html).toContain('1,352.73 SHM');
    expect(html).toContain('Jan 1, 2026');
  });

  it('when nothing is expected yet, then a dash and no badge', () => {
    const html = renderToStaticMarkup(
      <PortfolioRow entry={{ ...entry, performance: { monthsElapsed: 0, expectedRewards: 0, ratio: null, source: 'typed' } }} busy={false} onEdit={noop} onDelete={noop} />,
    );
    expect(html).toContain('data-status="none"');
    expect(html).toContain('—');
    expect(html).not.toContain('On track');
  });
});
