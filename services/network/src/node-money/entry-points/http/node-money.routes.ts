import { networkContract, type NodeMoneyReply, type PriceCurrency } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';

export type NodeMoney = (publicKey: string, wallet: string | undefined, currency: PriceCurrency) => Promise<NodeMoneyReply>;

/** GET /api/shardeum-network/nodes/:publicKey/money: a node whose accounts cannot be read still answers, saying so. */
export const nodeMoneyRoutes = (money: NodeMoney): RouteHandler[] => [
  handler(networkContract.nodeMoney, ({ params: { publicKey }, query: { wallet, currency } }) => money(publicKey, wallet?.toLowerCase(), currency)),
];
