import { FetchRequest, JsonRpcProvider, Network, type TransactionResponse } from 'ethers';
import { ChainUnavailableError, type ChainObservation, type ChainReader, type ChainTransaction } from '../domain/ports';

function toTransaction(tx: TransactionResponse): ChainTransaction {
  return {
    hash: tx.hash,
    from: tx.from,
    to: tx.to,
    valueWei: tx.value,
    // ethers reports no chain id (or 0) for a pre-EIP-155 transaction.
    chainId: tx.chainId ? tx.chainId : null,
    blockNumber: tx.blockNumber,
  };
}

/**
 * Reads transactions from an EVM JSON-RPC (ethers v6). The network is fixed (`staticNetwork`, so
 * ethers never probes it on its own) and the chain id the RPC reports is read on every observation;
 * `cacheTimeout: -1` keeps ethers from serving a stale block number (confirmations would read 0).
 */
export function chainClient(url: string, { chainId, timeoutMs }: { chainId: number; timeoutMs: number }): ChainReader & { destroy(): void } {
  const request = new FetchRequest(url);
  request.timeout = timeoutMs;
  const network = Network.from(chainId);
  const provider = new JsonRpcProvider(request, network, { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 1 });
  return {
    async observe(hash): Promise<ChainObservation> {
      try {
        const rpcChainId = BigInt((await provider.send('eth_chainId', [])) as string);
        const tx = await provider.getTransaction(hash);
        const receipt = tx ? await provider.getTransactionReceipt(hash) : null;
        // Read after the receipt, so the head is never older than the receipt's block. The block is
        // read by the receipt's block hash, not its height: a node that lags or sits on another fork
        // may hold another block at that height, whose timestamp says nothing about this transaction
        // (a node that does not know the hash answers null, and the check waits).
        const [latestBlock, block] = await Promise.all([
          provider.getBlockNumber(),
          receipt ? provider.getBlock(receipt.blockHash) : Promise.resolve(null),
        ]);
        return {
          rpcChainId,
          tx: tx ? toTransaction(tx) : null,
          receipt: receipt ? { status: receipt.status, blockNumber: receipt.blockNumber } : null,
          latestBlock,
          blockTimestamp: block?.timestamp ?? null,
        };
      } catch (err) {
        throw new ChainUnavailableError(err);
      }
    },
    destroy: () => provider.destroy(),
  };
}
