import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CurrencySelect } from './currency-select';
import { HeaderBrand } from './header-brand';

export type HeaderPage = 'calculator' | 'network';

interface AppHeaderProps {
  active: HeaderPage;
  /** The Network Data link shows only when the networkData flag is on (spec §2). */
  showNetworkLink: boolean;
  /** The display-currency select (the calculator page, whose results it converts). */
  showCurrency?: boolean;
  /** Dashboard flag on and no wallet connected (spec §2.1). */
  showDashboardHint?: boolean;
  /** A control inside the hint (the Connect Wallet button). */
  dashboardHintAction?: ReactNode;
  /** Extra controls at the end of the header, e.g. the paid wallet and Disconnect (spec §2.1). */
  actions?: ReactNode;
}

const navClass = (isActive: boolean) => `app-nav__link${isActive ? ' app-nav__link--active' : ''}`;

export function AppHeader({ active, showNetworkLink, showCurrency = false, showDashboardHint = false, dashboardHintAction, actions }: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <HeaderBrand
          icon="pi-server"
          title="Shardeum Validator Node Calculator"
          intro="Estimate rewards, yields and break-even for running a Shardeum validator node. Adjust the network and economic parameters to see how a node performs."
        />
        <nav className="app-nav" aria-label="Main">
          <Link to="/" className={navClass(active === 'calculator')} aria-current={active === 'calculator' ? 'page' : undefined}>
            <i className="pi pi-calculator" aria-hidden="true" /> Calculator
          </Link>
          {showNetworkLink ? (
            <Link to="/network" className={navClass(active === 'network')} aria-current={active === 'network' ? 'page' : undefined}>
              <i className="pi pi-chart-bar" aria-hidden="true" /> Network Data
            </Link>
          ) : null}
          {showCurrency ? <CurrencySelect /> : null}
          {actions}
        </nav>
      </div>
      {showDashboardHint ? (
        <div className="app-header__hint" role="note" data-testid="dashboard-hint">
          <p>
            <i className="pi pi-wallet" aria-hidden="true" /> Connect a wallet to use dashboard features: investment
            profiles, portfolio tracking and saved scenarios.
          </p>
          {dashboardHintAction}
        </div>
      ) : null}
    </header>
  );
}
