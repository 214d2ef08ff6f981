import { z } from 'zod';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from '../../data-access/upstream-http';
import { validateReply } from '../../data-access/validate-reply';
import type { ChainAccountSource } from '../ports';
import { NETWORK_ACCOUNT_ADDRESS, NetworkAccountSchema, NodeAccount2Schema, OperatorAccountInfoSchema, operatorRead, walletAddress } from './chain-values';
import { EXPLORER_MAX_PAGES, explorerTransactions } from './explorer-transactions';

/** explorer-server src/types/account.ts AccountType. */
const ACCOUNT = 0;
const NETWORK_ACCOUNT = 5;
const NODE_ACCOUNT_2 = 9;

/**
 * shardeum/explorer-server @ 1c2d5db `GET /api/account?address=&accountType=` (src/server.ts,
 * src/storage/account.ts queryAccountByAddress): `{ success: true, accounts: [row] }`, no `accounts`
 * when there is no such account, and `{ success: false, error }` (HTTP 200) when the query is refused.
 */
const AccountReplySchema = z.union([
  z.object({ success: z.literal(true), accounts: z.array(z.looseObject({ accountType: z.number().int(), account: z.unknown() })).max(1).optional() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

/** An EVM account row's `account`: the WrappedEVMAccount, whose operatorAccountInfo is set once the wallet staked. */
const EvmAccountSchema = z.looseObject({ operatorAccountInfo: OperatorAccountInfoSchema });

export interface ExplorerAccountOptions {
  /** Pages of transactions read per query before the read is refused (10 rows a page). */
  maxTransactionPages?: number;
}

/**
 * The explorer as the primary place the chain's accounts are read: the node account, its operator
 * account (the wallet asked for, else the node's nominator), the network's terms and the node's
 * transactions. Any part it cannot give makes the whole read fail, so the fallback is tried.
 */
export function explorerAccountSource(baseUrl: string, limits: UpstreamLimits, options: ExplorerAccountOptions = {}): ChainAccountSource {
  const account = async (address: string, accountType: number): Promise<unknown> => {
    const url = upstreamUrl(baseUrl, '/api/account', { address, accountType: String(accountType) });
    const reply = validateReply(AccountReplySchema, await fetchJson(url, limits), 'explorer account');
    if (!reply.success) throw new UpstreamError(`explorer account: ${reply.error}`);
    const [row] = reply.accounts ?? [];
    if (!row) return undefined;
    // The query selects by accountType, so another type here is a different server, not this one.
    if (row.accountType !== accountType) throw new UpstreamError(`explorer account: asked for type ${accountType}, got ${row.accountType}`);
    return row.account;
  };

  return {
    name: 'explorer',
    async read(publicKey, wallet) {
      const pk = publicKey.toLowerCase();
      const [nodeRaw, networkRaw] = await Promise.all([account(pk, NODE_ACCOUNT_2), account(NETWORK_ACCOUNT_ADDRESS, NETWORK_ACCOUNT)]);
      const node = nodeRaw === undefined ? null : validateReply(NodeAccount2Schema, nodeRaw, 'explorer node account');
      if (networkRaw === undefined) throw new UpstreamError('explorer: the network account is not indexed');
      const network = validateReply(NetworkAccountSchema, networkRaw, 'explorer network account');
      const operatorAddress = wallet ? walletAddress(wallet) : node?.nominator ?? null;
      const [operatorRaw, transactions] = await Promise.all([
        operatorAddress ? account(operatorAddress, ACCOUNT) : undefined,
        explorerTransactions(baseUrl, limits, pk, options.maxTransactionPages ?? EXPLORER_MAX_PAGES),
      ]);
      const operator =
        operatorAddress && operatorRaw !== undefined
          ? operatorRead(operatorAddress, validateReply(EvmAccountSchema, operatorRaw, 'explorer operator account').operatorAccountInfo)
          : null;
      return { node, operator, network, transactions };
    },
  };
}
