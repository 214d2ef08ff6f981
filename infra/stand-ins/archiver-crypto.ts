// Signing as a Shardeum archiver does it (shardeum/archiver 3011bac src/Crypto.ts, src/Config.ts;
// shardeum/lib-crypto-utils bddc98d src/index.ts; shardeum/lib-types 3684197
// src/utils/functions/stringify.ts): the library is initialised with the archiver's default hash key
// and Shardus' safeStringify, a reply is signed on a safeJsonParse(stringify(obj)) copy and sent
// through safeStringify, so bigints travel as `{ dataType: 'bi', value: <hex without 0x> }`.
import * as core from '@shardeum-foundation/lib-crypto-utils';
import { Utils } from '@shardeum-foundation/lib-types';
import keys from './archiver-keys.json';

/** The archiver's ARCHIVER_HASH_KEY when none is configured (archiver src/Config.ts). */
export const ARCHIVER_DEFAULT_HASH_KEY = '69fa4195670576c0160d660c3be36556ff8d504725be8a59b5a96509e0c994bc';

core.init(ARCHIVER_DEFAULT_HASH_KEY);
core.setCustomStringifier(Utils.safeStringify, 'shardus_safeStringify');

export interface KeyPair {
  publicKey: string;
  secretKey: string;
}

/** The committed development keys; archiver #i signs with `ARCHIVER_KEYS[i]`. */
export const ARCHIVER_KEYS: readonly KeyPair[] = keys.archivers;
/** A key no stand-in archiver lists in `/archivers`: what a forged reply is signed with. */
export const FOREIGN_KEY: KeyPair = keys.foreign;

export const safeStringify = (value: unknown): string => Utils.safeStringify(value);

/** `Crypto.sign(obj)` of the archiver: a signed copy, bigints kept as bigints until sent. */
export function signLikeArchiver<T extends object>(obj: T, key: KeyPair): T & { sign: { owner: string; sig: string } } {
  const copy = Utils.safeJsonParse(core.stringify(obj)) as T & { sign: { owner: string; sig: string } };
  core.signObj(copy, key.secretKey, key.publicKey);
  return copy;
}

/** The body the archiver puts on the wire for `obj`, signed by `key`. */
export const signedBody = (obj: object, key: KeyPair): string => safeStringify(signLikeArchiver(obj, key));

/** What a client holding the parsed reply would check (JSON.parse, then verifyObj). */
export function verifiesLikeClient(body: string): boolean {
  try {
    return core.verifyObj(JSON.parse(body) as core.SignedObject);
  } catch {
    return false;
  }
}

export function verifyObject(obj: core.SignedObject): boolean {
  try {
    return core.verifyObj(obj);
  } catch {
    return false;
  }
}

/** A request signed by a client, e.g. the `{ start, end, sender, sign }` of `POST /cycleinfo`. */
export function signRequest<T extends object>(obj: T, key: KeyPair): T & { sender: string; sign: { owner: string; sig: string } } {
  return signLikeArchiver({ ...obj, sender: key.publicKey }, key);
}

export function hashObject(obj: object): string {
  return core.hashObj(obj);
}
