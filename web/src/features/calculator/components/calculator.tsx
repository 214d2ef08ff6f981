import { useCallback, useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { CALCULATOR_DEFAULTS, type CalculatorParams, type EconomicsResults } from '@shm/contracts';
import { useEconomics } from '../api/calculate-economics';
import { isApiError } from '../../../lib/api-client';
import { lazyPart } from '../../../lib/lazy-component';
import { money, ratePerUsd } from '../../../lib/currency';
import { useCurrencyParam } from '../../../lib/use-currency-param';
import { useCalculatorInputs } from '../hooks/use-calculator-inputs';
import { useEconomicsFailureToast } from '../hooks/use-failure-toasts';
import { useLiveDefaults } from '../hooks/use-live-defaults';
import { useLivePrice } from '../hooks/use-live-price';
import { MoneyContext } from '../hooks/money-context';
import { useProjectionInputs } from '../hooks/use-projection-inputs';
import { ParameterForm } from './parameter-form';
import { ResultsPanel } from './results-panel';

/** Where the live network values came from, and the rotation outlook: not needed for the first paint, so loaded after it. */
const LiveSourceNote = lazyPart(() => import('./live-source-note').then((m) => m.LiveSourceNote));
const ActivationOutlook = lazyPart(() => import('./activation-outlook').then((m) => m.ActivationOutlook));

/** What the payment gate adds around the results (spec §2.1); the page decides, the calculator only places it. */
export interface CalculatorAccess {
  /** Sent with each calculation: the session wallet when paid under the gate; the zero address when absent (spec §6). */
  walletAddress?: string;
  /** Shown instead of the results, and nothing is calculated (gate on and not paid). */
  gate?: ReactNode;
  /** Above the results (the session banner). */
  banner?: ReactNode;
  /** Below the results (the admin page's session-clear control). */
  footer?: ReactNode;
  /** Calculate nothing yet (the page does not know yet whether the gate is on). */
  hold?: boolean;
  /** The server answered 403 Payment Required. */
  onPaymentRequired?: () => void;
}

/** What a panel placed among the results gets from the calculator (the personalised dashboard, spec §2.6). */
export interface CalculatorSlotContext {
  params: CalculatorParams;
  results: EconomicsResults;
  /** New parameters are being calculated; `results` still belong to the previous ones. */
  isCalculating: boolean;
  /** Replaces every parameter (a saved scenario); the calculator recalculates from them. */
  loadParams: (params: CalculatorParams) => void;
}

/** Renders a panel between the projections and the detailed table; called only while results show. */
export type CalculatorSlot = (context: CalculatorSlotContext) => ReactNode;

interface CalculatorProps {
  /** The paymentGate flag; gate-off economics failures are silent (spec §8). */
  paymentGateEnabled: boolean;
  /** Starting parameters; the calculator page's defaults unless given (the admin page has its own, spec §3). */
  initialParams?: CalculatorParams;
  /** Apply the live network defaults (docs/network-data.md); by default only over the calculator page's own defaults. */
  liveDefaults?: boolean;
  /** Inputs and display currency in the address, with a Copy link button (the calculator page; web/README.md). */
  shareable?: boolean;
  access?: CalculatorAccess;
  /** The page's panel among the results (spec §2.1 order: after the projections, before the detailed table). */
  slot?: CalculatorSlot;
}

/** The calculator: parameter form on the left third, results on the right two thirds (spec §2.1). */
export function Calculator({
  paymentGateEnabled,
  initialParams: given,
  liveDefaults = given === undefined,
  shareable = false,
  access = {},
  slot,
}: CalculatorProps) {
  const initialParams = given ?? CALCULATOR_DEFAULTS;
  const livePrice = useLivePrice();
  const liveNetwork = useLiveDefaults(liveDefaults);
  const live = useMemo(() => ({ ...liveNetwork, shmPrice: livePrice.price }), [liveNetwork, livePrice.price]);
  const inputs = useCalculatorInputs({ initialParams, shareable, live });
  const { params, unset } = inputs;

  // A refresh that brought a price drops the one the visitor set: the button asks for the live price.
  const { refresh } = livePrice;
  const onRefreshPrice = useCallback(() => void refresh().then((ok) => ok && unset('shmPrice')), [refresh, unset]);
  const [chosenCurrency] = useCurrencyParam();
  const currency = shareable ? chosenCurrency : 'usd';
  const shown = useMemo(() => money(currency, ratePerUsd(currency, livePrice.prices, params.shmPrice)), [currency, livePrice.prices, params.shmPrice]);
  // The address holds the whole calculation (use-calculator-inputs.ts), so it is the link.
  const shareUrl = () => window.location.href;

  const projectionInputs = useProjectionInputs(inputs.projection, inputs.setProjection);
  const economics = useEconomics(params, access.walletAddress, !access.gate && !access.hold);
  useEconomicsFailureToast(economics.error, economics.errorUpdatedAt, paymentGateEnabled);
  const { onPaymentRequired } = access;
  const askForPayment = useEffectEvent((error: unknown) => {
    if (isApiError(error, 403)) onPaymentRequired?.();
  });
  // Once per failure, like the toast.
  useEffect(() => askForPayment(economics.error), [economics.error, economics.errorUpdatedAt]);
  const results = economics.isError ? undefined : economics.data;
  const isCalculating = economics.isFetching;

  return (
    <MoneyContext value={shown}>
      {/* Focus leaving a field settles its edit (one history entry per settled edit). */}
      <div className="calculator-layout" onBlur={inputs.settle}>
        <aside className="calculator-layout__form" aria-label="Calculator parameters">
          <ParameterForm
            params={params}
            onParamChange={inputs.setParam}
            price={{ isFetching: livePrice.isFetching, onRefresh: onRefreshPrice }}
            shareUrl={shareable ? shareUrl : undefined}
            networkNote={liveDefaults ? <LiveSourceNote enabled={liveDefaults} /> : undefined}
          />
        </aside>
        <section className="calculator-layout__results" aria-label="Results">
          <ResultsPanel
            params={params}
            results={results}
            isCalculating={isCalculating}
            onParamChange={inputs.setParam}
            projectionInputs={projectionInputs}
            walletAddress={access.walletAddress}
            gate={access.gate}
            banner={access.banner}
            footer={access.footer}
            outlook={liveDefaults ? <ActivationOutlook /> : undefined}
            panel={results && slot ? slot({ params, results, isCalculating, loadParams: inputs.loadParams }) : undefined}
          />
        </section>
      </div>
    </MoneyContext>
  );
}
