/**
 * The network the wallet must be on (spec §3 "Network definition", §9), in the shape of EIP-3085
 * `wallet_addEthereumChain`. The URLs are Shardeum mainnet's public ones; a wallet already on a
 * chain with id 8118 (e.g. the local dev chain) is never asked to add it.
 */
export interface NetworkDefinition {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

export const SHARDEUM_NETWORK: NetworkDefinition = {
  chainId: '0x1fb6', // 8118
  chainName: 'Shardeum',
  nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
  rpcUrls: ['https://api.shardeum.org'],
  blockExplorerUrls: ['https://explorer.shardeum.org'],
};
