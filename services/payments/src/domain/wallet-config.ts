import type { WalletConnectConfigReply } from '@shm/contracts';

export interface WalletConfigInput {
  projectId: string;
  chainId: number;
  chainName: string;
  rpcUrl: string;
  explorerUrl: string;
  publicOrigin: string;
  recipient: string;
  amountShm: string;
  amountWei: bigint;
}

/** Spec §7 walletconnect-config, plus what a payment must be (so the gate card can show it before paying). */
export function walletConfig(config: WalletConfigInput): WalletConnectConfigReply {
  const explorer = config.explorerUrl.replace(/\/+$/, '');
  return {
    projectId: config.projectId,
    networks: [
      {
        chainId: `0x${config.chainId.toString(16)}`,
        chainName: config.chainName,
        nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
        rpcUrls: [config.rpcUrl],
        blockExplorerUrls: [explorer],
      },
    ],
    metadata: {
      name: 'Shardeum Validator Node Calculator',
      description: 'Estimate rewards, yields and break-even for running a Shardeum (SHM) validator node.',
      url: config.publicOrigin,
      icons: [],
    },
    payment: { recipient: config.recipient, amount: config.amountShm, amountWei: config.amountWei.toString(), chainId: config.chainId, explorerUrl: explorer },
  };
}
