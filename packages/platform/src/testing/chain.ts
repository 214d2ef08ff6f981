import { JsonRpcProvider, Transaction, Wallet, parseEther, type Signer } from 'ethers';
import { TEST_CHAIN_RPC_URL as CHAIN_RPC_URL } from './env';

/** Hardhat's default funded accounts #1 (the dev payment recipient) and #10 (funds the test wallets). */
export const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FUNDER = '0xBcd4042DE499D14e55001CcbB24a551F3b954096';

export const provider = (url = CHAIN_RPC_URL) => new JsonRpcProvider(url, undefined, { cacheTimeout: -1, polling: false });

/** A fresh wallet holding 1 SHM on the chain at `url` (each test pays from its own wallet). */
export async function fundedWallet(url = CHAIN_RPC_URL): Promise<Wallet> {
  const chain = provider(url);
  const wallet = Wallet.createRandom().connect(chain);
  const funder = await chain.getSigner(FUNDER);
  await (await funder.sendTransaction({ to: wallet.address, value: parseEther('1') })).wait();
  return wallet as unknown as Wallet;
}

/** The chain a signer sends to (a signer connected to none cannot pay). */
function chainOf(signer: Signer) {
  if (!signer.provider) throw new Error('the signer is connected to no chain');
  return signer.provider;
}

/** Sends value and resolves with the hash once mined, reverted or not (the chain automines). */
export async function pay(from: Signer, to: string, shm: string, extra: { gasLimit?: number } = {}): Promise<string> {
  const tx = await from.sendTransaction({ to, value: parseEther(shm), ...extra });
  await chainOf(from).waitForTransaction(tx.hash);
  return tx.hash;
}

/** Deploys a contract whose code is PUSH1 0 PUSH1 0 REVERT: every call to it, value included, reverts. */
export async function deployReverter(from: Wallet): Promise<string> {
  const receipt = await (await from.sendTransaction({ data: '0x6460006000fd6000526005601bf3' })).wait();
  if (!receipt?.contractAddress) throw new Error('the reverter deployment has no receipt with a contract address');
  return receipt.contractAddress;
}

/** A pre-EIP-155 transfer (signed without a chain id, so it could be replayed on any chain). */
export async function payUnprotected(from: Wallet, to: string, shm: string): Promise<string> {
  const chain = chainOf(from);
  // The raw transaction goes out as is, through the node's own RPC call.
  if (!(chain instanceof JsonRpcProvider)) throw new Error('payUnprotected needs a wallet connected to a JSON-RPC chain');
  const tx = Transaction.from({
    type: 0,
    to,
    value: parseEther(shm),
    gasLimit: 21_000,
    gasPrice: 2_000_000_000n,
    nonce: await chain.getTransactionCount(from.address),
    chainId: 0,
  });
  const hash = (await chain.send('eth_sendRawTransaction', [await from.signTransaction(tx)])) as string;
  await chain.waitForTransaction(hash);
  return hash;
}
