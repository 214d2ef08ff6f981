// A local stand-in for the outside systems the network service polls: several Shardeum archivers
// answering and signing as the real one does (shardeum/archiver 3011bac src/API.ts), over a
// simulated network with a cycle history; archiver #0 (and, for tests that take it down, every
// other) also plays CoinGecko's /simple/price, the JSON-RPC `shardeum_getCycleInfo` and the
// explorer's `/api/cycleinfo`; it also serves a scripted node's money as the explorer
// (`/api/account`, `/api/transaction`: explorer-accounts.ts), a validator (`/account/:address`:
// validator-account.ts) and CoinGecko's market_chart/range (price-history.ts) give it, from
// chain-ledger.ts (docs/node-money-sources.md). `npm start` runs it (dev
// mode, when ARCHIVER_URLS / PRICE_API_URL are unset); tests start it in-process and steer it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ARCHIVER_KEYS, FOREIGN_KEY, signedBody } from './archiver-crypto';
import type { ChainNode, ChainNodeScript } from './chain-ledger';
import { createChainParts } from './chain-parts';
import { marketChartRange } from './price-history';
import { createArchiverReplies, tamper, type ArchiverState, type RecordVariant } from './archiver-replies';
import { accountAt, type ScheduledChange } from './network-account';
import { createNetworkModel, type NetworkModel } from './network-model';
import type { ScriptAction, ScriptedState } from './scripted-nodes';
import { CONTROL_PREFIX, handleControl } from './stand-in-control';
import { answerWithMode, type Answer } from './stand-in-modes';
import { COINGECKO_MISSING_KEY, explorerReply, malformed, rpcReply, simplePrice, type StandInPart } from './stand-in-bodies';
import {
  accountOf,
  changesSimulation,
  DEFAULT_STAND_IN_NETWORK,
  DEFAULT_STAND_IN_PRICE,
  flagPolicy,
  type ArchiverMode,
  type StandInMode,
  type StandInOptions,
} from './stand-in-settings';

export type { StandInPart, StandInPrice } from './stand-in-bodies';
export type { ArchiverMode, StandInMode, StandInNetwork, StandInOptions } from './stand-in-settings';
export type { ChainEvent, ChainNode, ChainNodeScript, Violation } from './chain-ledger';
export type { PriceHistory } from './price-history';
export type { ValidatorRefusal } from './validator-account';
export { SCRIPT_ACTIONS, ScriptError, type ScriptAction, type ScriptedState } from './scripted-nodes';
export { DEFAULT_STAND_IN_NETWORK, DEFAULT_STAND_IN_PRICE };

export interface StandIn {
  /** Archiver #0; it (like the others) also serves the price, JSON-RPC and explorer paths. */
  url: string;
  port: number;
  /** Each archiver as `/archivers` lists it (a proxy's URL where `listedAt` names one) and the key it signs with. */
  archivers: { url: string; publicKey: string }[];
  /** Archiver `index` of `archivers`; throws when the stand-in runs fewer. */
  archiver(index: number): { url: string; publicKey: string };
  /** Each archiver's own address, whatever the list says. */
  directUrls: string[];
  /** Every request seen, in order, as its part (all archivers together). */
  calls: StandInPart[];
  /** The same requests with the index of the archiver that answered. */
  callLog: { part: StandInPart; archiver: number }[];
  count(part: StandInPart): number;
  callsTo(archiver: number): StandInPart[];
  /** Headers and URL of every price call, to check an API key was sent. */
  priceRequests: { headers: IncomingMessage['headers']; url: string }[];
  /** Counter of the latest cycle record. */
  counter(): number;
  advance(cycles?: number): void;
  /**
   * Moves a chosen public key (64 lower-case hex) by hand; the action shows in the next cycle's
   * record, so call `advance()` after it: `join` (standbyAdd), `select` (joinedConsensors; it is
   * activated `syncCycles` later by itself), `remove` (removed), `lose` (lost, then apoptosized a
   * cycle later unless `refute` comes first), `unjoin` (standbyRemove); a `join` may name the node's
   * shardeum `version` (its join request's appJoinData.version, 1.16.3 otherwise). Throws a ScriptError when
   * the node is not where the action needs it. A `configure` that rebuilds the simulation forgets
   * scripted nodes.
   */
  scriptNode(publicKey: string, action: ScriptAction, options?: { version?: string }): void;
  /** Where a scripted key is now (standby, syncing, active, lost, gone); undefined if never scripted. */
  scriptedState(publicKey: string): ScriptedState | undefined;
  /**
   * Puts a node's money on the stand-in's chain (chain-ledger.ts): the script's events applied by
   * Shardeum's rules, served by the explorer and validator parts. Replaces an earlier script for the
   * key; throws a ScriptError where the chain would refuse an event. Rates and the stability factor
   * are the stand-in's network account's at the time of the call.
   */
  scriptChainNode(publicKey: string, script: ChainNodeScript): ChainNode;
  /** Every archiver restarts now: node-list entries of nodes joined so far lose `foundationNode`. */
  restartArchivers(): void;
  /** Adds a network account change at a cycle (network-account.ts `ScheduledChange`): listed now, in force from its cycle. */
  scheduleNetworkChange(change: ScheduledChange): void;
  configure(options: Omit<StandInOptions, 'port' | 'host' | 'archivers' | 'shape' | 'autoAdvance' | 'sharedKeys' | 'listedAt' | 'behindSeconds'>): void;
  close(): Promise<void>;
}

function partOf(req: IncomingMessage): StandInPart | undefined {
  const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method === 'POST' && pathname === '/cycleinfo') return 'cycle-range';
  if (pathname.startsWith('/cycleinfo/')) return 'cycleinfo';
  if (pathname === '/full-nodelist' || pathname === '/nodelist') return 'nodelist';
  if (pathname === '/get-network-account') return 'account';
  if (pathname === '/archivers') return 'archivers';
  if (req.method === 'POST' && pathname === '/') return 'rpc';
  if (pathname.endsWith('/simple/price')) return 'price';
  if (pathname === '/api/cycleinfo') return 'explorer';
  if (pathname === '/api/account') return 'explorer-account';
  if (pathname === '/api/transaction') return 'explorer-transaction';
  if (/^\/account\/[^/]+$/.test(pathname)) return 'validator-account';
  if (pathname.endsWith('/market_chart/range')) return 'price-history';
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

const ARCHIVER_PARTS = new Set<StandInPart>(['cycleinfo', 'cycle-range', 'nodelist', 'account', 'archivers']);
/** The archiver modes that are about the transport; the others change what is signed. */
const isTransportMode = (mode: ArchiverMode): mode is StandInMode =>
  mode !== 'bad-signature' && mode !== 'foreign-signer' && mode !== 'other-network' && mode !== 'disagreeing';

export async function startArchiverAndPriceStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const shape = options.shape ?? 'real';
  const count = Math.max(1, Math.min(options.archivers ?? 2, ARCHIVER_KEYS.length));
  let settings = {
    mode: options.mode ?? 'healthy',
    modes: options.modes ?? {},
    archiverModes: options.archiverModes ?? {},
    network: { ...DEFAULT_STAND_IN_NETWORK, ...options.network },
    price: { ...DEFAULT_STAND_IN_PRICE, ...options.price },
    priceApiKey: options.priceApiKey,
    slowMs: options.slowMs ?? 10_000,
    oversizedBytes: options.oversizedBytes ?? 12 * 1024 * 1024,
    retryAfterSeconds: options.retryAfterSeconds ?? 60,
    rpcChainId: options.rpcChainId ?? 8118,
    validatorRefusal: options.validatorRefusal,
  };
  const nowStart = Math.floor((Date.now() / 1000 - (options.behindSeconds ?? 0)) / settings.network.duration) * settings.network.duration;
  let model: NetworkModel = createNetworkModel(settings.network, shape, nowStart);
  const effectiveAccount = () => accountAt(accountOf(settings.network), settings.network.changes ?? [], model.counter());
  const chain = createChainParts({
    terms: () => effectiveAccount(),
    latest: () => model.latestRecords(1)[0],
    genesis: () => model.genesis,
    tidy: shape === 'tidy',
    refusal: () => settings.validatorRefusal,
  });
  const control = {
    scriptChainNode: (publicKey: string, script: ChainNodeScript) => chain.script(publicKey, script),
    counter: () => model.counter(),
    advance: (cycles = 1) => model.advance(cycles),
    scriptNode: (publicKey: string, action: ScriptAction, options?: { version?: string }) => model.script(publicKey, action, options),
    scriptedState: (publicKey: string) => model.scriptedState(publicKey),
    scheduleNetworkChange: (change: ScheduledChange) => {
      settings.network = { ...settings.network, changes: [...(settings.network.changes ?? []), change] };
      model.touch();
    },
  };
  const restartedAt = Array.from({ length: count }, () => model.counter());
  const listed: ArchiverState['archivers'] = [];
  const state = (): ArchiverState => ({
    model,
    account: accountOf(settings.network),
    changes: settings.network.changes ?? [],
    flags: flagPolicy(settings.network, shape),
    archivers: listed,
  });
  const variantOf = (archiver: number): RecordVariant | undefined => {
    const mode = settings.archiverModes[archiver];
    return mode === 'other-network' || mode === 'disagreeing' ? mode : undefined;
  };
  // restartedAt is filled, never shortened: archiver i's entry is always there.
  const replies = restartedAt.map((_, i) => createArchiverReplies(state, () => restartedAt[i] ?? model.counter(), () => variantOf(i)));
  /** The key archiver i signs with and is listed under. */
  const keyOf = (archiver: number) => {
    const key = ARCHIVER_KEYS[options.sharedKeys?.[archiver] ?? archiver];
    if (!key) throw new Error(`Archiver ${archiver} has no key: there are ${ARCHIVER_KEYS.length} (check sharedKeys)`);
    return key;
  };
  const calls: StandInPart[] = [];
  const callLog: StandIn['callLog'] = [];
  const priceRequests: StandIn['priceRequests'] = [];
  const pending = new Set<NodeJS.Timeout>();

  function healthy(part: StandInPart, req: IncomingMessage, url: URL, body: string, archiver: number): Answer {
    const archiverMode = settings.archiverModes[archiver];
    const signer = archiverMode === 'foreign-signer' ? FOREIGN_KEY : keyOf(archiver);
    if (ARCHIVER_PARTS.has(part)) {
      const own = replies[archiver];
      if (!own) throw new Error(`No archiver ${archiver} in this stand-in`);
      const reply = own.reply({ method: req.method ?? 'GET', url, body }, signer) ?? '{}';
      return { status: 200, body: archiverMode === 'bad-signature' ? tamper(reply) : reply };
    }
    if (part === 'price' || part === 'price-history') {
      const key = settings.priceApiKey;
      const sent = [req.headers['x-cg-demo-api-key'], req.headers['x-cg-pro-api-key']];
      if (key !== undefined && !sent.includes(key)) return { status: 401, body: JSON.stringify(COINGECKO_MISSING_KEY) };
      if (part === 'price-history') return marketChartRange(url, settings.price);
      return { status: 200, body: JSON.stringify(simplePrice(settings.price, url)) };
    }
    if (part === 'explorer-account' || part === 'explorer-transaction' || part === 'validator-account') return chain.reply(part, url);
    if (part === 'rpc') {
      const at = (c: number | null) => (c === null ? model.latestRecords(1)[0] : model.record(c));
      return { status: 200, body: JSON.stringify(rpcReply(body, at, settings.rpcChainId)) };
    }
    return { status: 200, body: JSON.stringify(explorerReply(url, model.latestRecords, model.record)) };
  }

  const handler = (archiver: number) => async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/is-alive') return void res.end('OK');
    if (options.control && archiver === 0 && url.pathname.startsWith(CONTROL_PREFIX)) return handleControl(req, res, control);
    if (url.pathname === '/nodeInfo') {
      const { publicKey } = keyOf(archiver);
      const port = (servers[archiver]?.address() as AddressInfo | null)?.port;
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ publicKey, ip: '127.0.0.1', port, version: '3.5.6', time: Date.now() }));
    }
    const part = partOf(req);
    if (!part) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'not found' }));
    }
    calls.push(part);
    callLog.push({ part, archiver });
    if (part === 'price' || part === 'price-history') priceRequests.push({ headers: { ...req.headers }, url: req.url ?? '/' });
    const body = req.method === 'POST' ? await readBody(req) : '';
    const own = settings.archiverModes[archiver];
    const ownTransport = ARCHIVER_PARTS.has(part) && own && isTransportMode(own) ? own : undefined;
    const mode = ownTransport ?? settings.modes[part] ?? settings.mode;
    const signer = own === 'foreign-signer' ? FOREIGN_KEY : keyOf(archiver);
    const wrong = () => (ARCHIVER_PARTS.has(part) ? signedBody(malformed(part), signer) : JSON.stringify(malformed(part)));
    await answerWithMode(res, mode, {
      healthy: () => Promise.resolve(healthy(part, req, url, body, archiver)),
      malformed: wrong,
      slowMs: settings.slowMs,
      oversizedBytes: settings.oversizedBytes,
      retryAfterSeconds: settings.retryAfterSeconds,
      pending,
    });
  };

  const servers: Server[] = [];
  for (let i = 0; i < count; i++) {
    const server = createServer((req, res) => void handler(i)(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(i === 0 ? (options.port ?? 0) : 0, options.host ?? '127.0.0.1', () => resolve());
    });
    servers.push(server);
  }
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  const [port] = ports;
  if (port === undefined) throw new Error('The stand-in started no archiver');
  const advertised = options.advertisedHost ?? '127.0.0.1';
  const listedUrl = (port: number, i: number) => new URL(options.listedAt?.[i] ?? `http://${advertised}:${port}`);
  listed.push(...ports.map((port, i) => ({ publicKey: keyOf(i).publicKey, ip: listedUrl(port, i).hostname, port: Number(listedUrl(port, i).port) })));
  const archivers = ports.map((archiverPort, i) => ({ url: listedUrl(archiverPort, i).origin, publicKey: keyOf(i).publicKey }));

  const { advance } = control;
  const ticker = options.autoAdvance ? setInterval(() => advance(1), settings.network.duration * 1000) : undefined;
  ticker?.unref();

  return {
    url: `http://${advertised}:${port}`,
    port,
    archivers,
    archiver(index) {
      const archiver = archivers[index];
      if (!archiver) throw new Error(`The stand-in runs ${archivers.length} archivers: there is no archiver ${index}`);
      return archiver;
    },
    directUrls: ports.map((port) => `http://${advertised}:${port}`),
    calls,
    callLog,
    count: (part) => calls.filter((c) => c === part).length,
    callsTo: (archiver) => callLog.filter((c) => c.archiver === archiver).map((c) => c.part),
    priceRequests,
    ...control,
    restartArchivers() {
      restartedAt.fill(model.counter());
      model.touch();
    },
    configure(next) {
      const network = { ...settings.network, ...next.network };
      if (changesSimulation(next.network)) {
        // Counters go on from where they were unless a counter is given.
        const [latest] = model.latestRecords(1);
        if (!latest) throw new Error('The simulated network has no cycle to go on from');
        network.counter = next.network?.counter ?? model.counter();
        model = createNetworkModel(network, shape, latest.start);
      } else model.touch();
      settings = {
        ...settings,
        ...next,
        modes: next.modes ?? settings.modes,
        archiverModes: next.archiverModes ?? settings.archiverModes,
        network,
        price: { ...settings.price, ...next.price },
      };
    },
    close: () => {
      if (ticker) clearInterval(ticker);
      for (const timer of pending) clearTimeout(timer);
      return Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined);
    },
  };
}
