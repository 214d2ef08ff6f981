import { Link } from 'react-router-dom';
import { PageShell } from '../../components/layout/page-shell';
import { ApiDocs } from '../../features/api-docs';

/** The API documentation page (spec §2.9), at /api/docs and /api. */
export function ApiDocsRoute() {
  return (
    <PageShell
      header={
        <header className="app-header">
          <div className="app-header__inner">
            <div className="app-header__brand">
              <span className="app-header__logo" aria-hidden="true">
                <i className="pi pi-book" />
              </span>
              <div>
                <h1 className="app-header__title">API Documentation</h1>
                <p className="app-header__intro">
                  Every endpoint of the Shardeum Validator Node Calculator: what it takes, what it answers, and how to authenticate.
                </p>
              </div>
            </div>
            <nav className="app-nav" aria-label="Main">
              <Link to="/" className="app-nav__link">
                <i className="pi pi-calculator" aria-hidden="true" /> Calculator
              </Link>
            </nav>
          </div>
        </header>
      }
    >
      <ApiDocs />
    </PageShell>
  );
}
