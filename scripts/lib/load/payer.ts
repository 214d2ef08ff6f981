// The payer: a loopback HTTP helper the paid-flow scenario calls after it created a payment intent.
// It sends the payment from the named wallet (whose key only this process holds) and answers once
// the transaction is mined: POST /pay { wallet, to, amount } → { hash }.
import http from 'node:http';
import { type HDNodeWallet, type JsonRpcProvider, type TransactionReceipt, parseEther } from 'ethers';
import { sleep } from '../drill/client';

/** The receipt of a transaction (the local chain mines on send; asked every 50 ms, not ethers' 4 s polling). */
export async function receiptOf(chain: JsonRpcProvider, hash: string, timeoutMs = 30_000): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await chain.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`transaction ${hash} not mined within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

export interface Payer {
  url: string;
  stats: { paid: number; failed: number };
  stop: () => Promise<void>;
}

/** `wallets`: the signing wallets by lower-case address. */
export async function startPayer(chain: JsonRpcProvider, wallets: { wallet: HDNodeWallet; address: string }[]): Promise<Payer> {
  const byAddress = new Map(wallets.map((entry) => [entry.address, entry.wallet]));
  const stats = { paid: 0, failed: 0 };
  const pay = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    try {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const { wallet, to, amount } = JSON.parse(text) as { wallet: string; to: string; amount: string };
      const signer = byAddress.get(wallet.toLowerCase());
      if (req.url !== '/pay' || !signer) return reply(404, { error: 'unknown wallet' });
      const tx = await signer.sendTransaction({ to, value: parseEther(amount) });
      const receipt = await receiptOf(chain, tx.hash);
      if (receipt.status !== 1) throw new Error(`transaction ${tx.hash} reverted`);
      stats.paid += 1;
      reply(200, { hash: tx.hash });
    } catch (err) {
      stats.failed += 1;
      reply(500, { error: err instanceof Error ? err.message : String(err) });
    }
  };
  const server = http.createServer((req, res) => void pay(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    stats,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
