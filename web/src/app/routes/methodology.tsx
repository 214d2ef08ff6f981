import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { HeaderBrand } from '../../components/layout/header-brand';
import { PageShell } from '../../components/layout/page-shell';
import { isApiError } from '../../lib/api-client';
import { economicsQueryOptions } from '../../features/calculator/api/calculate-economics';
import { projectionQueryOptions } from '../../features/calculator/api/calculate-projection';
import { liveDefaultsQueryOptions } from '../../features/calculator/api/get-live-defaults';
import { featureFlagsQueryOptions, flagsSettled } from '../../features/flags/api/get-feature-flags';
import { MethodologyPage, projectionParamsOf, readInputs, type ResultsStatus } from '../../features/methodology';
import { storedPaidWallet } from '../../features/payments/storage/payment-storage';
import { localStore } from '../../lib/persisted-storage';
import type { Prefetch } from '../page-route';

/** The wallet of a paid session stored in this browser, which gated calculations are asked with (spec §6). */
const paidWallet = (): string | undefined => storedPaidWallet(localStore);

/**
 * /methodology: the formulas of docs/methodology.md with the calculation of the address substituted
 * (the calculator's inputs in the query, as the calculator writes them; its defaults otherwise), and
 * the results from the same API calls the calculator makes. Under the payment gate without a paid
 * session nothing is asked and the formulas show the inputs only.
 */
export function Component() {
  const { search, hash } = useLocation();
  const inputs = useMemo(() => readInputs(search), [search]);
  const flags = useQuery(featureFlagsQueryOptions());
  const gateOn = flags.data?.paymentGate === true;
  const wallet = gateOn ? paidWallet() : undefined;
  const mayAsk = flagsSettled(flags) && (!gateOn || wallet !== undefined);
  const economics = useQuery({ ...economicsQueryOptions(inputs.params, wallet), enabled: mayAsk });
  const projection = useQuery({ ...projectionQueryOptions(projectionParamsOf(inputs), wallet), enabled: mayAsk });
  // The rotation figures come from the network's cycle history (the calculator's live defaults), gate or not.
  const live = useQuery(liveDefaultsQueryOptions());

  let status: ResultsStatus = 'ready';
  if ((gateOn && !wallet) || isApiError(economics.error, 403)) status = 'gated';
  else if (economics.isError) status = 'failed';
  else if (!economics.data) status = 'loading';
  const results = useMemo(
    () => (status === 'ready' ? { economics: economics.data, projection: projection.data } : {}),
    [status, economics.data, projection.data],
  );

  return (
    <PageShell
      header={
        <header className="app-header">
          <div className="app-header__inner">
            <HeaderBrand
              icon="pi-book"
              title="Methodology"
              intro="How the calculator turns its inputs into rewards, yields and projections: every formula, with the current figures in it."
            />
            <nav className="app-nav" aria-label="Main">
              <Link to={`/${search}`} className="app-nav__link">
                <i className="pi pi-calculator" aria-hidden="true" /> Calculator
              </Link>
            </nav>
          </div>
        </header>
      }
    >
      <MethodologyPage
        inputs={inputs}
        results={results}
        status={status}
        targetId={hash ? decodeURIComponent(hash.slice(1)) : undefined}
        fromLink={new URLSearchParams(search).size > 0}
        live={live.data}
      />
    </PageShell>
  );
}

/** The flags, the live values (the rotation figures) and, with the gate off, the calculation of the address's inputs. */
export const prefetch: Prefetch = async ({ queryClient, url }) => {
  const inputs = readInputs(url.search);
  const calculate = async () => {
    const flags = await queryClient.query(featureFlagsQueryOptions());
    if (flags.paymentGate) return;
    await Promise.all([
      queryClient.query(economicsQueryOptions(inputs.params)).catch(() => undefined),
      queryClient.query(projectionQueryOptions(projectionParamsOf(inputs))).catch(() => undefined),
    ]);
  };
  await Promise.all([queryClient.query(liveDefaultsQueryOptions()).catch(() => undefined), calculate()]);
};
