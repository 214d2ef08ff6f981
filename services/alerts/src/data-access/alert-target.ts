import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AlertTargets } from '../domain/ports';

/**
 * Where an alert may be sent (docs/alerts.md, "Where a URL may point"). A destination URL is given by
 * a user and fetched by the server, so without these rules it could reach what only the server can:
 * its own ports, the cluster's services, the cloud's metadata endpoint (169.254.169.254).
 */

type Bytes = number[];

function parseV4(text: string): Bytes | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function parseV6(text: string): Bytes | null {
  const [address = ''] = text.split('%'); // the zone (fe80::1%eth0) names an interface, not an address
  let t = address.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) stands for the last two groups: parsed as zeros, then replaced.
  let v4Tail: Bytes = [];
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (tail) {
    const [, groupsBefore = '', dotted = ''] = tail;
    const v4 = parseV4(dotted);
    if (!v4) return null;
    v4Tail = v4;
    t = `${groupsBefore}0:0`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const [before = '', after] = halves;
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groupsOf(before);
  const rest = after === undefined ? [] : groupsOf(after);
  const missing = 8 - head.length - rest.length;
  if (after === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(after === undefined ? 0 : missing).fill('0'), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = groups.flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
  return [...bytes.slice(0, 16 - v4Tail.length), ...v4Tail];
}

interface Range {
  bytes: Bytes;
  bits: number;
  what: string;
}

function range(cidr: string, what: string): Range {
  const [address = '', bits] = cidr.split('/');
  const bytes = address.includes(':') ? parseV6(address) : parseV4(address);
  if (!bytes) throw new Error(`The refused range ${cidr} (${what}) is not an IP address`);
  return { bytes, bits: Number(bits), what };
}

const within = (bytes: Bytes, { bytes: prefix, bits }: Range) => {
  for (let i = 0; i < bits; i++) {
    const [own, ranged] = [bytes[i >> 3], prefix[i >> 3]];
    if (own === undefined || ranged === undefined) return false; // an address of the other family
    const bit = 7 - (i % 8);
    if (((own >> bit) & 1) !== ((ranged >> bit) & 1)) return false;
  }
  return true;
};

/** Every IPv4 range that is not the public internet (RFC 6890 and friends). */
const V4_REFUSED = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local (cloud metadata)'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

const V6_REFUSED = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::/96', 'reserved'),
  range('64:ff9b:1::/48', 'reserved'),
  range('100::/64', 'reserved'),
  range('2001::/23', 'reserved'),
  range('2001:db8::/32', 'documentation'),
  range('fc00::/7', 'private'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'reserved'),
  range('ff00::/8', 'multicast'),
];

/** IPv6 ranges that carry an IPv4 address, which is then what must be public: [range, offset of the IPv4 bytes]. */
const V6_CARRYING_V4: [Range, number][] = [
  [range('::ffff:0:0/96', 'IPv4-mapped'), 12],
  [range('64:ff9b::/96', 'NAT64'), 12],
  [range('2002::/16', '6to4'), 2],
];

/** What kind of non-public address `address` is ("loopback", "private", …), or null for a public one (or not an address). */
export function refusedRange(address: string): string | null {
  const v4 = parseV4(address);
  if (v4) return V4_REFUSED.find((r) => within(v4, r))?.what ?? null;
  const v6 = parseV6(address);
  if (!v6) return null;
  for (const [carrier, offset] of V6_CARRYING_V4) {
    if (within(v6, carrier)) return refusedRange(v6.slice(offset, offset + 4).join('.'));
  }
  return V6_REFUSED.find((r) => within(v6, r))?.what ?? null;
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

/** Every address of a name (A and AAAA), as the system resolver answers. */
export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** A resolver that answers nothing after `ms` (the system resolver may retry for much longer): the name then "does not resolve". */
export const resolveWithin =
  (resolve: Resolve, ms: number): Resolve =>
  (host) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no DNS answer within ${ms} ms`)), ms);
    });
    return Promise.race([resolve(host), late]).finally(() => clearTimeout(timer));
  };

export interface TargetRules {
  /** Production: https only, and every address the host resolves to must be public. */
  strict: boolean;
  resolve: Resolve;
}

/** A URL that passed: where to connect (the address checked, never a fresh lookup) and the name to present. */
export interface CheckedTarget {
  url: URL;
  /** The host name without IPv6 brackets: the Host header and the TLS server name. */
  host: string;
  address: string;
  family: 4 | 6;
}

/** A URL the rules refuse; the message completes "url: …" in a validation reply. */
export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTarget';
  }
}

/** Parses, resolves and checks every address (one private address among public ones is enough to refuse). */
export async function checkTarget(raw: string, { strict, resolve }: TargetRules): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('Must be a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTarget('Must be an http(s) URL');
  if (strict && url.protocol !== 'https:') throw new RefusedTarget('Must use https');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    addresses = await resolve(host).catch(() => []);
    if (!addresses.length) throw new RefusedTarget(`Must name a host that resolves (${host} does not)`);
  }
  if (strict) {
    for (const { address } of addresses) {
      const what = refusedRange(address);
      if (what) throw new RefusedTarget(`Must not point to a ${what} address (${host === address ? address : `${host} is ${address}`})`);
    }
  }
  const [first] = addresses as [{ address: string; family: number }];
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The check as the domain asks it when a destination is saved: why not, or null. */
export function alertTargets(rules: TargetRules): AlertTargets {
  return {
    async refusal(url) {
      try {
        await checkTarget(url, rules);
        return null;
      } catch (err) {
        if (err instanceof RefusedTarget) return err.message;
        throw err;
      }
    },
  };
}
