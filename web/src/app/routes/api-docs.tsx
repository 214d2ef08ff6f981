import { Link, useRouteLoaderData } from 'react-router-dom';
import { PageShell } from '../../components/layout/page-shell';
import { ApiDocs } from '../../features/api-docs';
import { endpointsQueryOptions } from '../../features/api-docs/api/get-endpoints';
import { ROOT_ROUTE_ID, type Prefetch, type RootData } from '../page-route';
import { HeaderBrand } from '../../components/layout/header-brand';

/** The API documentation page (spec §2.9), at /api/docs and /api. */
export function Component() {
  const { origin } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
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
      <ApiDocs origin={origin} />
    </PageShell>
  );
}

/** The public endpoint list (a browser with an admin token asks for the admin's after taking the page over). */
export const prefetch: Prefetch = ({ queryClient }) => queryClient.query(endpointsQueryOptions('public')).catch(() => undefined);
