// The stand-in's chain: the scripted nodes' money (chain-ledger.ts) and the parts that serve it as
// the explorer (explorer-accounts.ts) and a validator (validator-account.ts) do. Kept apart from
// archiver-and-price.ts, which only routes to it.
import { buildChainNode, type ChainNode, type ChainNodeScript } from './chain-ledger';
import type { CycleRecord } from './cycle-record';
import { explorerAccount, explorerTransactions } from './explorer-accounts';
import { networkAccountBody, type AccountSettings } from './network-account';
import type { Answer } from './stand-in-modes';
import { validatorAccount, type ValidatorRefusal } from './validator-account';

export interface ChainSource {
  /** The network's terms now: a script is applied with them. */
  terms: () => AccountSettings;
  latest: () => CycleRecord | undefined;
  genesis: () => number;
  tidy: boolean;
  refusal: () => ValidatorRefusal | undefined;
}

export type ChainPart = 'explorer-account' | 'explorer-transaction' | 'validator-account';

export function createChainParts(source: ChainSource) {
  const nodes = new Map<string, ChainNode>();
  /** The cycle a moment (ms) falls in, counted back from the latest record. */
  const cycleOf = (ms: number) => {
    const latest = source.latest();
    if (!latest) return 0;
    return latest.counter - Math.floor((latest.start - Math.floor(ms / 1000)) / latest.duration);
  };
  const networkAccount = () => {
    const counter = source.latest()?.counter ?? source.genesis();
    const stored = networkAccountBody(source.terms(), counter, source.genesis(), source.tidy, false).networkAccount;
    if (!stored) throw new Error('The network account came back as a hash');
    return stored;
  };
  const view = { nodes: () => nodes.values(), networkAccount, cycleOf, refusal: source.refusal };
  return {
    script(publicKey: string, script: ChainNodeScript): ChainNode {
      const built = buildChainNode(publicKey, script, source.terms(), cycleOf);
      nodes.set(publicKey, built);
      return built;
    },
    reply(part: ChainPart, url: URL): Answer {
      const body = part === 'explorer-account' ? explorerAccount(url, view) : part === 'explorer-transaction' ? explorerTransactions(url, view) : validatorAccount(url, view);
      return { status: 200, body };
    },
  };
}
