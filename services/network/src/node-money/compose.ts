// Node money's use case over the network's sources (docs/node-money.md): the chain's accounts from
// the explorer, else a validator; the product's tracking of the node; day prices from its own history,
// else the price API's (kept in MongoDB). One answer per node, wallet and currency is kept a minute
// (NODE_MONEY_CACHE_MS) so a portfolio export does not ask the explorer for the same node twice.
import type { NodeMoneyReply, PriceCurrency } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { LRUCache } from 'lru-cache';
import type { Connection } from 'mongoose';
import type { NetworkConfig } from '../config';
import type { SnapshotStore } from '../domain/ports';
import type { UpstreamLimits } from '../data-access/upstream-http';
import { lookUpNodes, type NodeStateStore } from '../node-tracking/compose';
import { dayPriceCache } from './data-access/day-price.repository';
import { explorerAccountSource } from './data-access/explorer-accounts.client';
import { ownPriceHistory } from './data-access/own-price-history';
import { priceHistoryClient } from './data-access/price-history.client';
import { validatorAccountSource } from './data-access/validator-accounts.client';
import { dayPrices } from './domain/day-prices';
import { getNodeMoney } from './domain/get-node-money';
import type { ChainAccountSource } from './ports';

export type NodeMoneySettings = Pick<
  NetworkConfig,
  | 'EXPLORER_API_URL'
  | 'NODE_ACCOUNT_VALIDATOR_URLS'
  | 'NODE_MONEY_CACHE_MS'
  | 'NODE_PERIOD_RETENTION_DAYS'
  | 'PRICE_API_URL'
  | 'PRICE_COIN_ID'
  | 'PRICE_API_KEY'
  | 'PRICE_API_KEY_HEADER'
>;

export interface NodeMoneySources {
  mongo: Connection;
  states: NodeStateStore;
  snapshots: SnapshotStore;
  limits: UpstreamLimits;
  logger: Logger;
  now?: () => number;
}

export type NodeMoneyUseCase = (publicKey: string, wallet: string | undefined, currency: PriceCurrency) => Promise<NodeMoneyReply>;

export async function composeNodeMoney(config: NodeMoneySettings, sources: NodeMoneySources): Promise<NodeMoneyUseCase> {
  const { states, limits, logger } = sources;
  const now = sources.now ?? (() => Date.now());
  const chain: ChainAccountSource[] = [
    ...(config.EXPLORER_API_URL ? [explorerAccountSource(config.EXPLORER_API_URL, limits)] : []),
    ...(config.NODE_ACCOUNT_VALIDATOR_URLS.length > 0 ? [validatorAccountSource(config.NODE_ACCOUNT_VALIDATOR_URLS, limits)] : []),
  ];
  const prices = dayPrices({
    own: ownPriceHistory(sources.mongo),
    feed: priceHistoryClient(config.PRICE_API_URL, limits, { coinId: config.PRICE_COIN_ID, apiKey: config.PRICE_API_KEY, apiKeyHeader: config.PRICE_API_KEY_HEADER }),
    cache: await dayPriceCache(sources.mongo),
    now,
  });
  const deps = {
    sources: chain,
    prices,
    tracking: {
      status: async (publicKey: string) => (await lookUpNodes(states, [publicKey], config.NODE_PERIOD_RETENTION_DAYS, new Date(now()))).nodes[0] ?? null,
      rates: async () => (await states.tracker())?.rates ?? [],
    },
    cycleSeconds: async () => (await sources.snapshots.get())?.cycleDurationSeconds ?? 60,
    now,
    logger,
  };
  const kept = new LRUCache<string, NodeMoneyReply>({ max: 1000, ttl: Math.max(1, config.NODE_MONEY_CACHE_MS) });
  return async (publicKey, wallet, currency) => {
    const key = `${publicKey}|${wallet ?? ''}|${currency}`;
    const hit = config.NODE_MONEY_CACHE_MS > 0 ? kept.get(key) : undefined;
    if (hit) return hit;
    const reply = await getNodeMoney(deps, publicKey, wallet, currency);
    // An unreadable source is asked again on the next request, not a minute later.
    if (reply.source.state !== 'unavailable') kept.set(key, reply);
    return reply;
  };
}

export { nodeMoneyRoutes } from './entry-points/http/node-money.routes';
