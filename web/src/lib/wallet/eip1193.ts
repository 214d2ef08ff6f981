/**
 * The injected browser wallet as EIP-1193 defines it (`window.ethereum`): one `request` method, and
 * errors that carry a numeric `code` (4001 user rejected, 4902 unknown chain, -32002 request pending).
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

export const WALLET_ERROR = {
  USER_REJECTED: 4001,
  /** EIP-1193: the provider is not connected to any chain (4900) or not to the requested one (4901). */
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  REQUEST_PENDING: -32002,
  /** JSON-RPC internal error: the wallet itself failed (MetaMask's 'Internal JSON-RPC error'). */
  INTERNAL_ERROR: -32603,
} as const;

/** The `code` of a wallet error (EIP-1193 / JSON-RPC), if it has one. */
export function walletErrorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** The injected wallet, or null when the browser has none. */
export function getInjectedProvider(): Eip1193Provider | null {
  return typeof window !== 'undefined' && window.ethereum ? window.ethereum : null;
}
