// The stand-in's control routes, for tests that run it as a process (`npm start`, the end-to-end
// stack) and cannot call its methods: advance the network, move a scripted node, ask where one is.
// Only the stand-in serves them (never a real archiver path), and only when started with `control`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainNodeScript } from './chain-ledger';
import { parseChainScript } from './chain-script';
import type { ScheduledChange } from './network-account';
import { parseNetworkChange } from './network-change-script';
import { ScriptError, type ScriptAction, type ScriptedState } from './scripted-nodes';

export interface ControlTarget {
  counter(): number;
  advance(cycles?: number): void;
  scriptNode(publicKey: string, action: ScriptAction, options?: { version?: string }): void;
  scriptedState(publicKey: string): ScriptedState | undefined;
  scriptChainNode(publicKey: string, script: ChainNodeScript): void;
  scheduleNetworkChange(change: ScheduledChange): void;
}

export const CONTROL_PREFIX = '/stand-in/';

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const parsed: unknown = text ? JSON.parse(text) : {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ScriptError('the body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/**
 * `POST /stand-in/advance { cycles? }` (1 by default, at most 1000) → `{ counter }`;
 * `POST /stand-in/nodes { publicKey, action, version? }` (scripted-nodes.ts: join, unjoin, select,
 * remove, lose, refute; shown in the next cycle; `version` with join only) → `{ publicKey, action, counter }`, 400 `{ error }` when
 * the node is not where the action needs it; `GET /stand-in/nodes/<publicKey>` → `{ publicKey,
 * state, counter }` (`state` null for a key never scripted); `POST /stand-in/chain-nodes { publicKey,
 * script }` (chain-script.ts: amounts as decimal strings) → `{ publicKey, events }`, 400 `{ error }`
 * naming the field, or where the chain would refuse the event; `POST /stand-in/network-changes
 * { cycle, set }` (network-change-script.ts) → `{ cycle, counter }`: listed in `listOfChanges` at
 * once, in `current` from `cycle`.
 */
export async function handleControl(req: IncomingMessage, res: ServerResponse, target: ControlTarget): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
  try {
    if (req.method === 'POST' && pathname === '/stand-in/advance') {
      const { cycles = 1 } = await jsonBody(req);
      if (typeof cycles !== 'number' || !Number.isInteger(cycles) || cycles < 1 || cycles > 1000) throw new ScriptError('cycles must be an integer from 1 to 1000');
      target.advance(cycles);
      return send(res, 200, { counter: target.counter() });
    }
    if (req.method === 'POST' && pathname === '/stand-in/nodes') {
      const { publicKey, action, version } = await jsonBody(req);
      if (typeof publicKey !== 'string' || typeof action !== 'string') throw new ScriptError('publicKey and action must be strings');
      if (version !== undefined && typeof version !== 'string') throw new ScriptError('version must be a string');
      target.scriptNode(publicKey, action as ScriptAction, version === undefined ? {} : { version });
      return send(res, 200, { publicKey, action, counter: target.counter() });
    }
    if (req.method === 'POST' && pathname === '/stand-in/chain-nodes') {
      const { publicKey, script } = await jsonBody(req);
      if (typeof publicKey !== 'string') throw new ScriptError('publicKey must be a string');
      const parsed = parseChainScript(script);
      target.scriptChainNode(publicKey, parsed);
      return send(res, 200, { publicKey, events: parsed.events.length });
    }
    if (req.method === 'POST' && pathname === '/stand-in/network-changes') {
      const change = parseNetworkChange(await jsonBody(req));
      target.scheduleNetworkChange(change);
      return send(res, 200, { cycle: change.cycle, counter: target.counter() });
    }
    const asked = /^\/stand-in\/nodes\/([0-9a-f]{64})$/.exec(pathname)?.[1];
    if (req.method === 'GET' && asked) {
      return send(res, 200, { publicKey: asked, state: target.scriptedState(asked) ?? null, counter: target.counter() });
    }
    return send(res, 404, { error: 'not found' });
  } catch (err) {
    if (err instanceof ScriptError || err instanceof SyntaxError) return send(res, 400, { error: err.message });
    throw err;
  }
}
