/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { JsonRpcProvider, Wallet, getBytes, toBigInt } from 'ethers';
import type { BrowserContext } from 'playwright-core';

/**
 * An EIP-1193 wallet injected as `window.ethereum` for end-to-end tests. The page sees an ordinary
 * provider; every request is forwarded through an exposed binding to this (test) process, where an
 * ethers Wallet holds the key. Accounts, chain switching and personal_sign are answered here; any
 * other method goes to `rpcUrl` (the local chain) when given. `handlers` adds or overrides methods
 * (e.g. eth_sendTransaction, or a personal_sign that rejects with 4001). With `rpcUrl`,
 * eth_sendTransaction is signed here by the Wallet connected to that chain and broadcast (a real
 * transaction on the local chain); eth_getBalance, eth_getTransactionReceipt, eth_blockNumber, eth_call
 * and the other reads are forwarded to it.
 */
export interface WalletProviderOptions {
  privateKey: string;
  /** Hex chain id the wallet starts on (default 0x1fb6, Shardeum's 8118). */
  chainId?: string;
  /** Chains the wallet knows before any wallet_addEthereumChain (default: the start chain). */
  knownChains?: string[];
  rpcUrl?: string;
  handlers?: Record<string, (params: unknown[], wallet: Wallet) => Promise<unknown>>;
}

export interface InjectedWallet {
  address: string;
  wallet: Wallet;
  /** Tells the page the wallet's accounts changed (EIP-1193 `accountsChanged`), e.g. [] for a wallet that locked. */
  emitAccountsChanged(accounts: string[]): Promise<void>;
  /** Every request the page made, in order. */
  calls: { method: string; params: unknown[] }[];
  chainId(): string;
}

export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const BINDING = '__shmTestWallet';

export async function installWalletProvider(context: BrowserContext, options: WalletProviderOptions): Promise<InjectedWallet> {
  const wallet = new Wallet(options.privateKey);
  let chainId = (options.chainId ?? '0x1fb6').toLowerCase();
  const known = new Set([chainId, ...(options.knownChains ?? []).map((c) => c.toLowerCase())]);
  let connected = false;
  const rpc = options.rpcUrl ? new JsonRpcProvider(options.rpcUrl) : undefined;
  const calls: InjectedWallet['calls'] = [];

  const builtIn: Record<string, (params: unknown[]) => Promise<unknown>> = {
    eth_requestAccounts: async () => {
      connected = true;
      return [wallet.address];
    },
    eth_accounts: async () => (connected ? [wallet.address] : []),
    eth_chainId: async () => chainId,
    wallet_switchEthereumChain: async ([arg]) => {
      const wanted = ((arg as { chainId?: string })?.chainId ?? '').toLowerCase();
      if (!known.has(wanted)) throw new WalletRpcError(4902, `Unrecognized chain ID "${wanted}"`);
      chainId = wanted;
      return null;
    },
    wallet_addEthereumChain: async ([arg]) => {
      const added = ((arg as { chainId?: string })?.chainId ?? '').toLowerCase();
      known.add(added);
      chainId = added;
      return null;
    },
    eth_sendTransaction: async ([request]) => {
      if (!rpc) throw new WalletRpcError(4200, 'eth_sendTransaction needs rpcUrl');
      const tx = (request ?? {}) as { from?: string; to?: string; value?: string; data?: string; gas?: string };
      if (tx.from && tx.from.toLowerCase() !== wallet.address.toLowerCase()) throw new WalletRpcError(4100, 'Unknown account');
      const sent = await wallet.connect(rpc).sendTransaction({
        to: tx.to,
        value: tx.value ? toBigInt(tx.value) : 0n,
        data: tx.data,
        gasLimit: tx.gas ? toBigInt(tx.gas) : undefined,
      });
      return sent.hash;
    },
    personal_sign: async ([message, address]) => {
      if (String(address).toLowerCase() !== wallet.address.toLowerCase()) throw new WalletRpcError(4100, 'Unknown account');
      const text = String(message);
      return wallet.signMessage(text.startsWith('0x') ? getBytes(text) : text);
    },
  };

  await context.exposeFunction(BINDING, async (method: string, params: unknown[]) => {
    calls.push({ method, params });
    try {
      const custom = options.handlers?.[method];
      if (custom) return { result: await custom(params, wallet) };
      const handler = builtIn[method];
      if (handler) return { result: await handler(params) };
      if (rpc) return { result: (await rpc.send(method, params)) as unknown };
      throw new WalletRpcError(4200, `Unsupported method ${method}`);
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
      return { error: { code, message: (error as Error).message } };
    }
  });

  await context.addInitScript((binding: string) => {
    type Reply = { result?: unknown; error?: { code: number; message: string } };
    const listeners: Record<string, ((...args: unknown[]) => void)[]> = {};
    (window as unknown as Record<string, unknown>).__shmTestWalletEmit = (event: string, ...args: unknown[]) => {
      for (const listener of listeners[event] ?? []) listener(...args);
    };
    const call = (window as unknown as Record<string, ((m: string, p: unknown[]) => Promise<Reply>) | undefined>)[binding];
    if (!call) throw new Error(`The test wallet's binding ${binding} is not exposed to the page`);
    (window as unknown as { ethereum: unknown }).ethereum = {
      isShmTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const reply = await call(method, Array.isArray(params) ? params : []);
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        if (method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain') {
          const chainId = (params as { chainId?: string }[] | undefined)?.[0]?.chainId;
          for (const listener of listeners.chainChanged ?? []) listener(chainId);
        }
        return reply.result;
      },
      on(event: string, listener: (...args: unknown[]) => void) {
        (listeners[event] ??= []).push(listener);
      },
      removeListener(event: string, listener: (...args: unknown[]) => void) {
        listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
      },
    };
  }, BINDING);

  const emitAccountsChanged = async (accounts: string[]) => {
    for (const page of context.pages()) {
      await page.evaluate((list) => (window as unknown as { __shmTestWalletEmit?: (e: string, a: unknown) => void }).__shmTestWalletEmit?.('accountsChanged', list), accounts);
    }
  };
  return { address: wallet.address, wallet, calls, chainId: () => chainId, emitAccountsChanged };
}
