import { verifyMessage } from 'ethers';
import { parseSiweMessage, type SiweMessage } from '@shm/contracts';

/** What every signed message must say to be accepted here (from the gateway's config). */
export interface MessageExpectations {
  /** Host (and port) of PUBLIC_ORIGIN: the EIP-4361 `domain`. */
  domain: string;
  /** PUBLIC_ORIGIN: the `URI` must be on it. */
  origin: string;
  chainId: number;
}

export type MessageProblem = 'malformed' | 'domain' | 'uri' | 'chain' | 'expired' | 'not-yet-valid' | 'signature';
export type MessageCheck = { ok: true; message: SiweMessage; signer: string } | { ok: false; problem: MessageProblem };

/** Clock skew tolerated for `Issued At` in the future. */
const SKEW_MS = 60_000;

const originOf = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
};

/**
 * Checks an EIP-4361 message and its personal_sign signature: layout, domain, URI, chain id,
 * times, and that the signature recovers to the message's address. Nonce use is the caller's
 * job (it needs Redis); call this first so a bad attempt never burns a good nonce.
 */
export function checkSignedMessage(text: string, signature: string, expected: MessageExpectations, now = Date.now()): MessageCheck {
  const message = parseSiweMessage(text);
  if (!message) return { ok: false, problem: 'malformed' };
  if (message.domain !== expected.domain) return { ok: false, problem: 'domain' };
  if (originOf(message.uri) !== expected.origin) return { ok: false, problem: 'uri' };
  if (message.chainId !== expected.chainId) return { ok: false, problem: 'chain' };
  if (Date.parse(message.issuedAt) > now + SKEW_MS) return { ok: false, problem: 'not-yet-valid' };
  if (message.notBefore && Date.parse(message.notBefore) > now) return { ok: false, problem: 'not-yet-valid' };
  if (message.expirationTime && Date.parse(message.expirationTime) <= now) return { ok: false, problem: 'expired' };
  let signer: string;
  try {
    signer = verifyMessage(text, signature);
  } catch {
    return { ok: false, problem: 'signature' };
  }
  if (signer.toLowerCase() !== message.address.toLowerCase()) return { ok: false, problem: 'signature' };
  return { ok: true, message, signer: signer.toLowerCase() };
}

export const expectationsFrom = (publicOrigin: string, chainId: number): MessageExpectations => {
  const url = new URL(publicOrigin);
  return { domain: url.host, origin: url.origin, chainId };
};
