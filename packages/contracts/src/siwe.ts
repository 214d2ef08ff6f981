/**
 * Sign-In with Ethereum (EIP-4361) messages: built by whoever asks for a signature, parsed by the
 * gateway that checks it. Only the fields this product uses are supported; `resources` is not.
 * The layout is fixed by the EIP, so a message that does not parse back is refused outright.
 */
export interface SiweMessage {
  /** RFC 3986 authority of the site asking, e.g. `localhost:8080` (no scheme). */
  domain: string;
  /** 0x address, EIP-55 checksummed in a well-formed message. */
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  /** At least 8 alphanumeric characters. */
  nonce: string;
  /** ISO 8601 date-times. */
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function buildSiweMessage(message: SiweMessage): string {
  const lines = [`${message.domain}${HEADER_SUFFIX}`, message.address, ''];
  if (message.statement) lines.push(message.statement, '');
  lines.push(`URI: ${message.uri}`, `Version: ${message.version}`, `Chain ID: ${message.chainId}`, `Nonce: ${message.nonce}`, `Issued At: ${message.issuedAt}`);
  if (message.expirationTime) lines.push(`Expiration Time: ${message.expirationTime}`);
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore}`);
  if (message.requestId) lines.push(`Request ID: ${message.requestId}`);
  return lines.join('\n');
}

const OPTIONAL_FIELDS = [
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const;

/** Parses a message in the EIP-4361 layout; returns null for anything else (no partial reads). */
export function parseSiweMessage(text: string): SiweMessage | null {
  const lines = text.split('\n');
  const header = lines[0] ?? '';
  if (!header.endsWith(HEADER_SUFFIX)) return null;
  const domain = header.slice(0, -HEADER_SUFFIX.length);
  const address = lines[1] ?? '';
  if (!domain || /\s/.test(domain) || !ADDRESS.test(address) || lines[2] !== '') return null;

  let i = 3;
  let statement: string | undefined;
  if (!(lines[i] ?? '').startsWith('URI: ')) {
    statement = lines[i];
    if (!statement || lines[i + 1] !== '') return null;
    i += 2;
  }
  const take = (label: string): string | null => {
    const line = lines[i] ?? '';
    if (!line.startsWith(`${label}: `)) return null;
    i += 1;
    return line.slice(label.length + 2);
  };
  const uri = take('URI');
  const version = take('Version');
  const chainId = take('Chain ID');
  const nonce = take('Nonce');
  const issuedAt = take('Issued At');
  if (!uri || version !== '1' || !chainId || !/^[1-9]\d*$/.test(chainId) || !nonce || !NONCE.test(nonce) || !issuedAt) {
    return null;
  }
  const message: SiweMessage = { domain, address, uri, version, chainId: Number(chainId), nonce, issuedAt };
  if (statement) message.statement = statement;
  for (const [label, key] of OPTIONAL_FIELDS) {
    const value = take(label);
    if (value !== null) message[key] = value;
  }
  if (i !== lines.length) return null;
  for (const time of [message.issuedAt, message.expirationTime, message.notBefore]) {
    if (time !== undefined && Number.isNaN(Date.parse(time))) return null;
  }
  return message;
}

/** The statement this product's sign-in messages carry. */
export const SIGN_IN_STATEMENT = 'Sign in to the Shardeum node calculator to pay for and view calculation results.';

/**
 * The fields of a sign-in message for a nonce the gateway issued: its domain, URI, chain id and
 * expiry, so the message is exactly what the gateway expects. `address` must be EIP-55 checksummed.
 */
export function signInFields(
  nonce: { nonce: string; domain: string; uri: string; chainId: number; expiresAt: string },
  address: string,
  now = new Date(),
): SiweMessage {
  return {
    domain: nonce.domain,
    address,
    statement: SIGN_IN_STATEMENT,
    uri: nonce.uri,
    version: '1',
    chainId: nonce.chainId,
    nonce: nonce.nonce,
    issuedAt: now.toISOString(),
    expirationTime: nonce.expiresAt,
  };
}
