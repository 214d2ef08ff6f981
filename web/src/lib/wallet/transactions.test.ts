import type { Eip1193Provider } from './eip1193';
import { getBalance, sendTransaction, toQuantity, waitForConfirmations } from './transactions';

function chain(replies: Record<string, (params: unknown) => unknown>) {
  const calls: { method: string; params?: unknown }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      const reply = replies[method];
      if (!reply) throw Object.assign(new Error('unsupported'), { code: 4200 });
      return reply(params);
    },
  };
  return { provider, calls };
}

describe('wallet transactions', () => {
  it('when the balance is read, then the hex wei reply becomes a bigint', async () => {
    const { provider, calls } = chain({ eth_getBalance: () => '0x21e19e0c9bab2400000' });
    expect(await getBalance(provider, '0xabc')).toBe(10_000n * 10n ** 18n);
    expect(calls[0]).toEqual({ method: 'eth_getBalance', params: ['0xabc', 'latest'] });
  });

  it('when a payment is sent, then eth_sendTransaction gets from, to and the value as a hex quantity', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const { provider, calls } = chain({ eth_sendTransaction: () => hash });
    expect(await sendTransaction(provider, { from: '0x1', to: '0x2', valueWei: 10n ** 17n })).toBe(hash);
    expect(calls[0]?.params).toEqual([{ from: '0x1', to: '0x2', value: '0x16345785d8a0000' }]);
    expect(toQuantity(0n)).toBe('0x0');
  });

  it('when the wallet answers something that is not a hash, then sending fails', async () => {
    const { provider } = chain({ eth_sendTransaction: () => null });
    await expect(sendTransaction(provider, { from: '0x1', to: '0x2', valueWei: 1n })).rejects.toThrow('no transaction hash');
  });

  it('when the receipt appears after two polls, then it resolves with its status once 1 confirmation is reached', async () => {
    let polls = 0;
    const { provider } = chain({
      eth_getTransactionReceipt: () => (++polls < 3 ? null : { status: '0x1', blockNumber: '0x5' }),
      eth_blockNumber: () => '0x5',
    });
    const receipt = await waitForConfirmations(provider, '0xh', { confirmations: 1, sleep: async () => {} });
    expect(receipt).toEqual({ status: 1, blockNumber: 5n });
    expect(polls).toBe(3);
  });

  it('when the transaction reverted, then the receipt says status 0', async () => {
    const { provider } = chain({ eth_getTransactionReceipt: () => ({ status: '0x0', blockNumber: '0x7' }), eth_blockNumber: () => '0x8' });
    expect((await waitForConfirmations(provider, '0xh', { confirmations: 1, sleep: async () => {} })).status).toBe(0);
  });

  it('when no receipt comes before the deadline, then it rejects', async () => {
    let t = 0;
    const { provider } = chain({ eth_getTransactionReceipt: () => null });
    await expect(
      waitForConfirmations(provider, '0xh', { confirmations: 1, timeoutMs: 3000, pollMs: 1000, sleep: async (ms) => void (t += ms), now: () => t }),
    ).rejects.toThrow('Timed out');
  });
});
