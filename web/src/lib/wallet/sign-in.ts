import type { NetworkDefinition } from '@shm/contracts';
import { ensureChain, listAccounts, requestAccounts, signMessage, signingErrorMessage } from './browser-wallet';
import type { WalletConnection } from './browser-connector';
import { getInjectedProvider, type Eip1193Provider } from './eip1193';

/** Which step of a sign-in failed, so each page words it in its own texts (spec §8). */
export type SignInStep = 'wallet' | 'message' | 'sign' | 'submit';
export class SignInError extends Error {
  constructor(
    readonly step: SignInStep,
    override readonly cause: unknown,
    /** For 'sign': the spec's text for the wallet's refusal. */
    message = step === 'sign' ? signingErrorMessage(cause) : `Sign-in failed at ${step}`,
  ) {
    super(message);
  }
}

/** The injected wallet with an account on `network`, asking to connect only when none is connected yet. */
export async function connectInjectedWallet(network: NetworkDefinition): Promise<WalletConnection> {
  const provider = getInjectedProvider();
  if (!provider) throw new SignInError('wallet', null, 'No injected wallet');
  try {
    const known = await listAccounts(provider);
    const accounts = known.length ? known : await requestAccounts(provider);
    if (!accounts[0]) throw new Error('no account');
    await ensureChain(provider, network);
    return { provider, address: accounts[0] };
  } catch (error) {
    throw new SignInError('wallet', error, 'Wallet connection failed');
  }
}

export interface SignInSteps<T> {
  /** The text the server wants signed (a SIWE message or the admin challenge). */
  message(): Promise<string>;
  /** Hands the signature to the server; its reply is the sign-in's result. */
  submit(message: string, signature: string): Promise<T>;
}

/**
 * The one sign-in by wallet signature (EIP-191 personal_sign) both the payment gate (EIP-4361 at the
 * gateway) and the admin page (the admin challenge) use: fetch the message, sign it, submit it.
 */
export async function signInWithWallet<T>(provider: Eip1193Provider, address: string, steps: SignInSteps<T>): Promise<T> {
  const step = <R,>(name: SignInStep, work: Promise<R>) =>
    work.catch((error: unknown) => {
      throw new SignInError(name, error);
    });
  const message = await step('message', steps.message());
  return step('submit', steps.submit(message, await step('sign', signMessage(provider, address, message))));
}
