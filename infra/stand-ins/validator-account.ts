// A validator's own account route, `GET /account/:address` (shardeum/shardeum c08fc1e2 src/index.ts
// L1624-1685), the fallback when the explorer cannot answer. Every answer is 200:
// - refusals first: `{error:'node busy'}` (no service points left), `{error:'Invalid address'}` (not
//   42 or 64 characters), `{error:'node close to rotation edges'}`; `{error:'Invalid account type'}`;
// - `?type=N`: `{account: convertBigIntsToHex(wrapped)}` where wrapped is what core's
//   getLocalOrRemoteAccount returns, `{accountId, stateId, data, timestamp}` (shardeum/validator-cli
//   reads `.account.data` of `?type=9` and `?type=5`); convertBigIntsToHex (src/utils/serialization.ts)
//   writes bigints as '0x' + hex and walks every object with for…in, so a Uint8Array becomes
//   {"0":…,"1":…}; an unknown account is `{account: null}`;
// - no type, a 0x wallet: getReadableAccountInfo (L899): nonce and balance as DECIMAL strings,
//   storageRoot/codeHash 0x-hex, operatorAccountInfo (bigints again after safeJsonParse) or null.
//   Core's express serialises that reply; its bigint handling is not in the sources read for this stand-in,
//   so the stand-in writes those bigints as '0x' + hex (what shardeum/validator-cli's stake_info
//   parses with parseInt(stake, 16)). Unverified: say so where it matters.
import type { ChainNode } from './chain-ledger';
import { ACCOUNT_TYPE } from './chain-receipts';

export interface ValidatorView {
  nodes: () => Iterable<ChainNode>;
  /** The network account as stored (network-account.ts networkAccountBody). */
  networkAccount: () => { accountId: string; data: { timestamp: number }; hash: string };
  /** What the validator answers instead of the account, if anything. */
  refusal: () => ValidatorRefusal | undefined;
}
export type ValidatorRefusal = 'node busy' | 'node close to rotation edges';

/** shardeum's AccountType has 14 members (0-13); anything else is refused. */
const ACCOUNT_TYPES = 14;

export function convertBigIntsToHex(value: unknown): unknown {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`;
  if (Array.isArray(value)) return value.map(convertBigIntsToHex);
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    // for…in as the source does: a Uint8Array's indices become keys.
    for (const key in value) copy[key] = convertBigIntsToHex((value as Record<string, unknown>)[key]);
    return copy;
  }
  return value;
}

const json = (body: unknown) => JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `0x${value.toString(16)}` : value));
const bytesHex = (bytes: unknown) => `0x${Buffer.from(bytes as Uint8Array).toString('hex')}`;

function wrappedAccount(view: ValidatorView, address: string, type: number) {
  const wrap = (accountId: string, data: Record<string, unknown>) => ({ accountId, stateId: String(data.hash), data, timestamp: Number(data.timestamp) });
  const nodes = [...view.nodes()];
  if (type === ACCOUNT_TYPE.NetworkAccount) {
    const network = view.networkAccount();
    return address === network.accountId ? wrap(network.accountId, network.data) : null;
  }
  if (type === ACCOUNT_TYPE.NodeAccount2) {
    const chain = nodes.find((n) => n.publicKey === address);
    return chain ? wrap(chain.publicKey, chain.node) : null;
  }
  if (type === ACCOUNT_TYPE.Account) {
    const chain = nodes.find((n) => n.nominator === address);
    return chain ? wrap(`${chain.nominator.slice(2)}${'0'.repeat(24)}`, chain.operator) : null;
  }
  return null;
}

/** The body for `/account/<address>?type=…`. */
export function validatorAccount(url: URL, view: ValidatorView): string {
  const refusal = view.refusal();
  if (refusal === 'node busy') return json({ error: refusal });
  const address = decodeURIComponent(url.pathname.slice('/account/'.length));
  if (address.length !== 42 && address.length !== 64) return json({ error: 'Invalid address' });
  if (refusal) return json({ error: refusal });
  const lower = address.toLowerCase();
  const typeParam = url.searchParams.get('type');
  if (typeParam) {
    const type = parseInt(typeParam, 10);
    if (!(type >= 0 && type < ACCOUNT_TYPES)) return json({ error: 'Invalid account type' });
    return json({ account: convertBigIntsToHex(wrappedAccount(view, lower, type)) });
  }
  if (address.length === 64) {
    const found = wrappedAccount(view, lower, ACCOUNT_TYPE.NodeAccount2);
    return json({ account: found ? found.data : null });
  }
  const chain = [...view.nodes()].find((n) => n.nominator === lower);
  if (!chain) return json({ account: null });
  const evm = chain.operator.account as { nonce: bigint; balance: bigint; storageRoot: Uint8Array; codeHash: Uint8Array };
  return json({
    account: {
      nonce: evm.nonce.toString(),
      balance: evm.balance.toString(),
      storageRoot: bytesHex(evm.storageRoot),
      codeHash: bytesHex(evm.codeHash),
      operatorAccountInfo: chain.operator.operatorAccountInfo ?? null,
    },
  });
}
