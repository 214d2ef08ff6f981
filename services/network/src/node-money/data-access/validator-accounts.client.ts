import { z } from 'zod';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from '../../data-access/upstream-http';
import { validateReply } from '../../data-access/validate-reply';
import type { ChainAccountSource } from '../ports';
import { NETWORK_ACCOUNT_ADDRESS, NetworkAccountSchema, NodeAccount2Schema, OperatorAccountInfoSchema, operatorRead, walletAddress } from './chain-values';

/*
 * A validator's `GET /account/:address` (shardeum/shardeum @ c08fc1e2 src/index.ts L1624), the fallback
 * when the explorer cannot answer. Every reply is HTTP 200:
 * - refused: `{ error: 'node busy' | 'node close to rotation edges' | 'Invalid address' | … }` (or an
 *   `{ error: {} }` when the handler threw): the next validator is asked;
 * - `?type=N`: `{ account: convertBigIntsToHex(<core's wrapped account>) }`, the account under `data`
 *   and bigints as '0x…' (src/utils/serialization.ts); `{ account: null }` when there is none;
 * - a 0x wallet without `type`: getReadableAccountInfo (L899) `{ account: { nonce, balance,
 *   storageRoot, codeHash, operatorAccountInfo } }` (what shardeum/validator-cli reads for stake info).
 * A validator has no transaction list, so `transactions` is null.
 */

const WrappedReplySchema = z.object({ account: z.object({ data: z.unknown() }).nullable() });
const WalletReplySchema = z.object({ account: z.looseObject({ operatorAccountInfo: OperatorAccountInfoSchema }).nullable() });

/** The refusal a reply carries, if it is one. */
function refusal(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || !('error' in reply)) return undefined;
  const { error } = reply;
  return typeof error === 'string' ? error : 'the node failed to read the account';
}

export function validatorAccountSource(urls: string[], limits: UpstreamLimits): ChainAccountSource {
  /** The first validator's reply that is not a refusal; each failure or refusal passes to the next. */
  const ask = async (path: string, query: Record<string, string>): Promise<unknown> => {
    const failures: string[] = [];
    for (const base of urls) {
      try {
        const reply = await fetchJson(upstreamUrl(base, path, query), limits);
        const refused = refusal(reply);
        if (refused === undefined) return reply;
        failures.push(refused);
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        failures.push(err.message);
      }
    }
    throw new UpstreamError(`validator: ${urls.length === 0 ? 'none configured' : `no validator answered (${[...new Set(failures)].join('; ')})`}`);
  };
  const wrapped = async (address: string, type: number) =>
    validateReply(WrappedReplySchema, await ask(`/account/${encodeURIComponent(address)}`, { type: String(type) }), 'validator account').account?.data;

  return {
    name: 'validator',
    async read(publicKey, wallet) {
      const [nodeData, networkData] = await Promise.all([wrapped(publicKey.toLowerCase(), 9), wrapped(NETWORK_ACCOUNT_ADDRESS, 5)]);
      const node = nodeData == null ? null : validateReply(NodeAccount2Schema, nodeData, 'validator node account');
      if (networkData == null) throw new UpstreamError('validator: the network account was not found');
      const network = validateReply(NetworkAccountSchema, networkData, 'validator network account');
      const operatorAddress = wallet ? walletAddress(wallet) : node?.nominator ?? null;
      let operator = null;
      if (operatorAddress) {
        const reply = validateReply(WalletReplySchema, await ask(`/account/${encodeURIComponent(operatorAddress)}`, {}), 'validator operator account');
        operator = reply.account ? operatorRead(operatorAddress, reply.account.operatorAccountInfo) : null;
      }
      return { node, operator, network, transactions: null };
    },
  };
}
