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
export function walletConfig(c: WalletConfigInput): WalletConnectConfigReply {
  const explorer = c.explorerUrl.replace(/\/+$/, '');
  return {
    projectId: c.projectId,
    networks: [
      {
        chainId: `0x${c.chainId.toString(16)}`,
        chainName: c.chainName,
        nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
        rpcUrls: [c.rpcUrl],
        blockExplorerUrls: [explorer],
      },
    ],
    metadata: {
      name: 'Shardeum Validator Node Calculator',
      description: 'Estimate rewards, yields and break-even for running a Shardeum (SHM) validator node.',
      url: c.publicOrigin,
      icons: [],
    },
    payment: { recipient: c.recipient, amount: c.amountShm, amountWei: c.amountWei.toString(), chainId: c.chainId, explorerUrl: explorer },
  };
}
