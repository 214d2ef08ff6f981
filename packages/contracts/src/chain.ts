// Facts with no schema, so a page that needs only these does not bundle the areas' zod schemas.
import type { NetworkDefinition } from './payments/schemas';

/** The chain every payment and signed message must be on (Shardeum mainnet). */
export const SHARDEUM_CHAIN_ID = 8118;
/** Spec §9: a payment buys this many hours of access, counted from its confirmation. */
export const ACCESS_HOURS = 24;

/** `SHARDEUM_CHAIN_ID` as wallets name it (EIP-1193 `eth_chainId`, EIP-3085): '0x1fb6'. */
export const SHARDEUM_CHAIN_HEX = `0x${SHARDEUM_CHAIN_ID.toString(16)}`;

/**
 * Spec §3 "Network definition" for Shardeum mainnet, in the shape of `wallet_addEthereumChain`. The
 * URLs are the public ones; a deployment names its own in the WalletConnect config, which wins.
 */
export const SHARDEUM_NETWORK: NetworkDefinition = {
  chainId: SHARDEUM_CHAIN_HEX,
  chainName: 'Shardeum',
  nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
  rpcUrls: ['https://api.shardeum.org'],
  blockExplorerUrls: ['https://explorer.shardeum.org'],
};

/** How long a payment grants access, in ms (spec §9: 24 hours). */
export const ACCESS_MS = ACCESS_HOURS * 3_600_000;
