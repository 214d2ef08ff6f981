import { Link } from 'react-router-dom';
import { PageShell } from '../../components/layout/page-shell';
import { ApiDocs } from '../../features/api-docs';
import { HeaderBrand } from '../../components/layout/header-brand';

/** The API documentation page (spec §2.9), at /api/docs and /api. */
export function ApiDocsRoute() {
  return (
    <PageShell
      header={
        <header className="app-header">
          <div className="app-header__inner">
            <HeaderBrand
              icon="pi-book"
              title="API Documentation"
              intro="Every endpoint of the Shardeum Validator Node Calculator: what it takes, what it answers, and how to authenticate."
            />
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
