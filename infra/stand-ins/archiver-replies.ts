// What one stand-in archiver answers, route by route, as shardeum/archiver 3011bac src/API.ts does:
// signed `/archivers`, `/nodelist`, `/full-nodelist`, `/cycleinfo/:count`, `POST /cycleinfo`
// (validateRequestData with skipArchiverCheck), `/get-network-account`; unsigned `/cycleinfo/:count`
// errors. Signed bodies are cached per network state and signer, as the archiver caches its signed
// node lists (src/NodeList.ts) and latest cycles (src/cache/cycleRecordsCache.ts).
import { createHash } from 'node:crypto';
import { safeStringify, signedBody, verifyObject, type KeyPair } from './archiver-crypto';
import { OTHER_NETWORK_ID, type CycleRecord } from './cycle-record';
import { networkAccountBody, type AccountSettings, type ScheduledChange } from './network-account';
import { MAX_CYCLES_PER_REQUEST, type FlagPolicy, type NetworkModel } from './network-model';

export interface ArchiverState {
  model: NetworkModel;
  account: AccountSettings;
  /** Parameter changes scheduled at a cycle (network-account.ts), listed before they take effect. */
  changes?: readonly ScheduledChange[];
  flags: FlagPolicy;
  archivers: { publicKey: string; ip: string; port: number }[];
}

export interface ArchiverRequest {
  method: string;
  url: URL;
  body: string;
}

/** Changes a figure of a signed reply, so its signature no longer holds. */
export function tamper(body: string): string {
  const reply = JSON.parse(body) as Record<string, unknown> & {
    cycleInfo?: { active: number }[];
    nodeList?: unknown[];
    activeArchivers?: unknown[];
    networkAccount?: { data: { current: { stabilityScaleMul: number } } };
  };
  if (reply.cycleInfo?.[0]) reply.cycleInfo[0].active += 1;
  else if (reply.nodeList) reply.nodeList.push({ publicKey: 'ab'.repeat(32), ip: '10.9.9.9', port: 9001, id: 'cd'.repeat(32) });
  else if (reply.activeArchivers) reply.activeArchivers.push({ publicKey: 'ef'.repeat(32), ip: '127.0.0.1', port: 1 });
  else if (reply.networkAccount) reply.networkAccount.data.current.stabilityScaleMul += 1;
  else reply.error = `${String(reply.error)}.`;
  return JSON.stringify(reply);
}

/** `Utils.validateTypes` of the archiver's lib for the fields POST /cycleinfo declares. */
function typeError(data: Record<string, unknown>): string | undefined {
  const expected: [string, string, boolean][] = [
    ['start', 'number', false],
    ['end', 'number', false],
    ['count', 'number', false],
    ['download', 'boolean', false],
    ['sender', 'string', true],
    ['sign', 'object', true],
  ];
  for (const [name, type, required] of expected) {
    if (data[name] === undefined) {
      if (required) return `${name} is required`;
      continue;
    }
    if (typeof data[name] !== type) return `${name} must be, ${type}`;
  }
  return undefined;
}

/**
 * What an archiver's cycle records say, when not the network's own: `other-network`: another
 * network's records (its own `networkId`, so its own markers), e.g. a testnet archiver that shares a
 * mainnet archiver's key; `disagreeing`: the same network, but a cycle of its own making at every
 * counter (another marker, 9 more active nodes), as a wrong or compromised archiver would sign.
 */
export type RecordVariant = 'other-network' | 'disagreeing';

const rehash = (salt: string, hash: unknown) => createHash('sha256').update(`${salt}:${String(hash)}`).digest('hex');

function varied(record: CycleRecord, variant: RecordVariant | undefined): CycleRecord {
  if (variant === 'other-network') {
    return { ...record, networkId: OTHER_NETWORK_ID, marker: rehash('other', record.marker), previous: rehash('other', record.previous) };
  }
  if (variant === 'disagreeing') {
    return { ...record, active: record.active + 9, marker: rehash('fork', record.marker), previous: rehash('fork', record.previous) };
  }
  return record;
}

export function createArchiverReplies(state: () => ArchiverState, restartedAt: () => number, variant: () => RecordVariant | undefined = () => undefined) {
  const cache = new Map<string, string>();
  let cachedVersion = -1;
  const records = (list: CycleRecord[]) => {
    const which = variant();
    return which ? list.map((record) => varied(record, which)) : list;
  };
  const cached = (key: string, make: () => string) => {
    const version = state().model.version();
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    let body = cache.get(key);
    if (body === undefined) {
      body = make();
      if (cache.size > 500) cache.clear();
      cache.set(key, body);
    }
    return body;
  };

  function cycleRange(body: string, signer: KeyPair): string {
    const { model } = state();
    const fail = (error: string) => signedBody({ success: false, error }, signer);
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(body) as Record<string, unknown>;
      if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not an object');
    } catch {
      return fail('Error validating request data');
    }
    const err = typeError(data);
    if (err) return fail(`Invalid request data ${err}`);
    const sign = data.sign as Record<string, unknown>;
    if (typeof sign.owner !== 'string' || typeof sign.sig !== 'string') {
      return fail(`Invalid request data signature ${typeof sign.owner !== 'string' ? 'owner' : 'sig'} is required`);
    }
    if (sign.owner !== data.sender) return fail('Data sender publicKey and sign owner key does not match');
    if (!verifyObject(data as Parameters<typeof verifyObject>[0])) return fail('Invalid signature');
    const { start, end, count } = data as { start?: number; end?: number; count?: number };
    if (count) {
      if (count <= 0 || Number.isNaN(count)) return fail('Invalid count');
      if (count > MAX_CYCLES_PER_REQUEST) return fail(`Max count is ${MAX_CYCLES_PER_REQUEST}.`);
      return cached(`latest:${count}:${signer.publicKey}`, () => signedBody({ cycleInfo: records(model.latestRecords(count)) }, signer));
    }
    if (start === undefined) return fail('not specified which cycle to show');
    const to = end ? end : start;
    if (!(start >= 0 && to >= start) || Number.isNaN(start) || Number.isNaN(to)) return fail('Invalid start and end counters');
    if (to - start > MAX_CYCLES_PER_REQUEST) return fail(`Exceed maximum limit of ${MAX_CYCLES_PER_REQUEST} cycles`);
    return cached(`range:${start}:${to}:${signer.publicKey}`, () =>
      signedBody({ cycleInfo: records(model.recordsBetween(start, to)) }, signer),
    );
  }

  /** The body for an archiver route, or undefined for a path the archiver does not serve. */
  function reply(request: ArchiverRequest, signer: KeyPair): string | undefined {
    const { model, account, changes, flags, archivers } = state();
    const { pathname, searchParams } = request.url;
    if (request.method === 'POST' && pathname === '/cycleinfo') return cycleRange(request.body, signer);
    if (pathname === '/archivers') {
      return cached(`archivers:${signer.publicKey}`, () => signedBody({ activeArchivers: archivers }, signer));
    }
    if (pathname.startsWith('/cycleinfo/')) {
      const count = parseInt(decodeURIComponent(pathname.slice('/cycleinfo/'.length)), 10);
      if (count <= 0 || Number.isNaN(count)) return safeStringify({ success: false, error: 'Invalid count' });
      const capped = Math.min(count, MAX_CYCLES_PER_REQUEST);
      return cached(`latest:${capped}:${signer.publicKey}`, () => signedBody({ cycleInfo: records(model.latestRecords(capped)) }, signer));
    }
    if (pathname === '/full-nodelist' || pathname === '/nodelist') {
      const which =
        pathname === '/nodelist'
          ? 'sample'
          : searchParams.get('activeOnly') === 'true'
            ? 'active'
            : searchParams.get('syncingOnly') === 'true'
              ? 'syncing'
              : searchParams.get('standbyOnly') === 'true'
                ? 'standby'
                : 'active-syncing';
      return cached(`nodelist:${which}:${restartedAt()}:${signer.publicKey}`, () => {
        const lists = model.nodeLists(restartedAt(), flags);
        const nodeList =
          which === 'sample'
            ? // GET /nodelist: up to N_NODELIST (10) active nodes, sorted by id.
              lists.active.slice(0, 10).sort((a, b) => ((a.id ?? '') > (b.id ?? '') ? 1 : -1))
            : which === 'active-syncing'
              ? [...lists.active, ...lists.syncing]
              : lists[which];
        return signedBody({ nodeList }, signer);
      });
    }
    if (pathname === '/get-network-account') {
      const useHash = searchParams.get('hash') !== 'false';
      return cached(`account:${useHash}:${signer.publicKey}`, () =>
        signedBody(networkAccountBody(account, model.counter(), model.genesis, model.shape === 'tidy', useHash, changes), signer),
      );
    }
    return undefined;
  }

  return { reply };
}
