import type { QueryClient } from '@tanstack/react-query';
import { CALCULATOR_DEFAULTS, type CalculatorParams } from '@shm/contracts';
import { NO_INPUTS, parseInputs, projectionRequest } from '../../../lib/calculation-query';
import { calculatorInputs } from '../hooks/use-calculator-inputs';
import { appliedLiveDefaults } from '../hooks/use-live-defaults';
import { economicsQueryOptions } from './calculate-economics';
import { projectionQueryOptions } from './calculate-projection';
import { liveDefaultsQueryOptions } from './get-live-defaults';
import { shmPriceQueryOptions } from './get-shm-price';

interface PrefetchOptions {
  /** The address's query (`?nodes=3…`): a shared link's inputs, when `shareable`. */
  search: string;
  initialParams?: CalculatorParams;
  /** The live network values are applied (the calculator page, not the admin page's own reading). */
  liveDefaults?: boolean;
  /** The inputs come from the address (the calculator page). */
  shareable?: boolean;
  /** Whether to calculate at all (not under the payment gate without a paid session): the flags' answer. */
  calculate: Promise<boolean>;
}

const settled = <T,>(promise: Promise<T>) => promise.catch(() => undefined);

/**
 * What the calculator shows first, asked for in the order it needs: the live network values and the
 * price, then the calculation and the projection for the inputs they make with the address's (the
 * same `calculatorInputs` the page computes, so the same query keys). A failed read is left out.
 */
export async function prefetchCalculation(client: QueryClient, options: PrefetchOptions): Promise<void> {
  const { search, initialParams = CALCULATOR_DEFAULTS, liveDefaults = true, shareable = true, calculate } = options;
  const [liveReply, price, may] = await Promise.all([
    liveDefaults ? settled(client.query(liveDefaultsQueryOptions())) : undefined,
    settled(client.query(shmPriceQueryOptions())),
    settled(calculate),
  ]);
  if (!may) return;
  const fetched = price?.price;
  const live = { ...appliedLiveDefaults(liveReply), shmPrice: fetched !== undefined && fetched > 0 ? fetched : undefined };
  const { params, projection } = calculatorInputs(initialParams, live, shareable ? parseInputs(search) : NO_INPUTS);
  await Promise.all([client.query(economicsQueryOptions(params)).catch(() => undefined), client.query(projectionQueryOptions(projectionRequest(params, projection))).catch(() => undefined)]);
}
