import { SHARDEUM_CHAIN_ID, SHARDEUM_NETWORK, type NetworkDefinition, type WalletConnectConfigReply } from '@shm/contracts';

/**
 * The network the wallet must be on: the one the server names for the payment chain (its RPC URL is
 * the one this deployment uses), else the built-in Shardeum definition.
 */
export function requiredNetwork(config: WalletConnectConfigReply | undefined): NetworkDefinition {
  const chainHex = `0x${(config?.payment.chainId ?? SHARDEUM_CHAIN_ID).toString(16)}`;
  const named = config?.networks.find((n) => n.chainId.toLowerCase() === chainHex);
  return named ? { ...named, chainId: named.chainId.toLowerCase() } : SHARDEUM_NETWORK;
}

/** Spec §8: 'Please switch to {network} network in your wallet'. */
export const switchNetworkMessage = (network: NetworkDefinition) => `Please switch to ${network.chainName} network in your wallet`;
