import * as shardusCrypto from '@shardeum-foundation/lib-crypto-utils';
import { Utils } from '@shardeum-foundation/lib-types';
import { z } from 'zod';
import { UpstreamError } from './upstream-http';

/** The shardeum/archiver default `ARCHIVER_HASH_KEY` (its Config.ts); every archiver we know of keeps it. */
export const DEFAULT_ARCHIVER_HASH_KEY = '69fa4195670576c0160d660c3be36556ff8d504725be8a59b5a96509e0c994bc';

/** A reply that is not signed by the key it must be signed with; the message names the failed check. */
export class UntrustedReplyError extends UpstreamError {
  override name = 'UntrustedReplyError';
}

export interface RequestKey {
  publicKey: string;
  secretKey: string;
}

let initialisedWith: string | undefined;

/**
 * The crypto library keeps its hash key in module state, so one process can only speak to one
 * network: a second, different key is refused rather than silently breaking the first user.
 * The stringifier is the archiver's own (shardeum/archiver src/Crypto.ts): hashes only match with it.
 */
export function initShardusCrypto(hashKey: string = DEFAULT_ARCHIVER_HASH_KEY): void {
  if (initialisedWith === hashKey) return;
  if (initialisedWith !== undefined) throw new Error('the Shardus crypto library is already initialised with another hash key');
  shardusCrypto.init(hashKey);
  shardusCrypto.setCustomStringifier(Utils.safeStringify, 'shardus_safeStringify');
  initialisedWith = hashKey;
}

const hex = (min: number, max: number) => z.string().min(min).max(max).regex(/^[0-9a-fA-F]+$/);
/** A sodium signature is 64 bytes plus the 32-byte signed hash; the bound only keeps junk out. */
const SignSchema = z.object({ owner: hex(64, 64), sig: hex(128, 1024) });
const SignedSchema = z.object({ sign: SignSchema });

/** The key a reply claims to be signed with (not yet checked); throws when it carries no usable `sign`. */
export function claimedOwner(raw: unknown, what = 'reply'): string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UntrustedReplyError(`${what}: not a signed object`);
  const parsed = SignedSchema.safeParse(raw);
  if (!parsed.success) throw new UntrustedReplyError(`${what}: no well-formed sign {owner, sig}`);
  return parsed.data.sign.owner.toLowerCase();
}

/**
 * Checks that `raw` (a reply parsed with plain JSON.parse) is signed by `expectedOwner` and that the
 * signature covers every other field; throws UntrustedReplyError otherwise. Must run before the
 * reply is read for anything else.
 */
export function verifySigned(raw: unknown, expectedOwner: string, what = 'reply'): void {
  const owner = claimedOwner(raw, what);
  if (owner !== expectedOwner.toLowerCase()) {
    throw new UntrustedReplyError(`${what}: signed by ${owner.slice(0, 12)}…, expected ${expectedOwner.slice(0, 12).toLowerCase()}…`);
  }
  let valid: boolean;
  try {
    valid = shardusCrypto.verifyObj(raw as shardusCrypto.SignedObject);
  } catch (err) {
    // verifyObj throws, rather than answering false, when the signature cannot even be opened.
    throw new UntrustedReplyError(`${what}: signature is malformed (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!valid) throw new UntrustedReplyError(`${what}: signature does not match the reply (changed in transit or signed over other data)`);
}

/** The body of a signed archiver request (`POST /cycleinfo`): the archiver checks `sign.owner === sender`. */
export function signRequest<T extends object>(body: T, key: RequestKey): T & { sender: string; sign: { owner: string; sig: string } } {
  const signed = { ...body, sender: key.publicKey };
  shardusCrypto.signObj(signed, key.secretKey, key.publicKey);
  return signed as T & { sender: string; sign: { owner: string; sig: string } };
}

/** A sodium secret key (128 hex) ends with its public key, so a configured secret alone is enough. */
export function requestKeyFromSecret(secretKey: string): RequestKey {
  if (!/^[0-9a-fA-F]{128}$/.test(secretKey)) throw new Error('the request secret key must be 128 hex characters');
  return { publicKey: secretKey.slice(64).toLowerCase(), secretKey: secretKey.toLowerCase() };
}

/** A fresh key pair for this process: the archiver accepts any sender on `POST /cycleinfo`, so none needs configuring. */
export function generateRequestKey(): RequestKey {
  const { publicKey, secretKey } = shardusCrypto.generateKeypair();
  return { publicKey, secretKey };
}
