// The payer: a loopback HTTP helper the paid-flow scenario calls after it created a payment intent.
// It sends the payment from the named wallet (whose key only this process holds) and answers once
// the transaction is mined: POST /pay { wallet, to, amount } → { hash }.
import http from 'node:http';
import { parseEther } from 'ethers';
import { sleep } from '../drill/client.mjs';

/** The receipt of a transaction (the local chain mines on send; asked every 50 ms, not ethers' 4 s polling). */
export async function receiptOf(chain, hash, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await chain.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`transaction ${hash} not mined within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** `wallets`: [{ wallet, address }] (address lower-case). Resolves with { url, paid, stop }. */
export async function startPayer(chain, wallets) {
  const byAddress = new Map(wallets.map((w) => [w.address, w.wallet]));
  const stats = { paid: 0, failed: 0 };
  const server = http.createServer(async (req, res) => {
    const reply = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      let text = '';
      for await (const chunk of req) text += chunk;
      const { wallet, to, amount } = JSON.parse(text);
      const signer = byAddress.get(String(wallet).toLowerCase());
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
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
