import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testLogger } from '@shm/platform/testing';
import { nodePenaltiesClient } from './node-penalties.client';

const KEY = 'ef'.repeat(32);
const TX = `0x${'4b'.repeat(32)}`;
let server: Server;
let url: string;
let answer: { status: number; body: unknown; delayMs?: number };
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    setTimeout(() => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body)), answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const source = (state: 'read' | 'fallback' | 'unavailable') => ({ state, name: state === 'unavailable' ? null : 'explorer', detail: 'x', readAt: null });
const price = { day: '2026-03-01', price: 0.1, source: 'history' };
/** The money route's reply, trimmed to what the check reads plus a period row it must skip (the rest of the reply is not read). */
const reply = (state: 'read' | 'fallback' | 'unavailable', ledger: unknown[]) => ({ success: true, publicKey: KEY, currency: 'eur', source: source(state), ledger, income: {} });
const penaltyRow = { kind: 'penalty', at: '2026-03-01T10:00:01.000Z', violation: 'left-early', amountWei: '2000000000000000000000', price, value: 183.4, txHash: TX };
const client = (timeoutMs = 2_000) => nodePenaltiesClient({ networkUrl: url, timeoutMs, logger: testLogger('penalties') });

describe("a node's penalties from the network service's money route", () => {
  it('when the route lists a period and a penalty, then the penalty is read with its hash, kind, amount and value in the reply currency', async () => {
    answer = { status: 200, body: reply('read', [{ kind: 'period', amountWei: '5' }, penaltyRow]) };
    expect(await client().of(KEY)).toEqual([{ txHash: TX, at: penaltyRow.at, violation: 'left-early', amountWei: '2000000000000000000000', value: 183.4, currency: 'eur' }]);
    expect(paths.at(-1)).toBe(`/api/shardeum-network/nodes/${KEY}/money`);
  });

  it("when the node's accounts could not be read (source unavailable), then null: checked again later", async () => {
    answer = { status: 200, body: reply('unavailable', []) };
    expect(await client().of(KEY)).toBeNull();
  });

  it.each([
    ['answers 503', { status: 503, body: { error: 'x' } }],
    ['answers off its contract', { status: 200, body: reply('read', [{ ...penaltyRow, amountWei: 2e21 }]) }],
    ['answers too late', { status: 200, body: reply('read', []), delayMs: 500 }],
  ])('when the network service %s, then null, never a throw', async (_case, given) => {
    answer = given;
    expect(await client(200).of(KEY)).toBeNull();
  });

  it('when nothing listens, or no network service is configured, then null', async () => {
    expect(await nodePenaltiesClient({ networkUrl: 'http://127.0.0.1:1', timeoutMs: 500, logger: testLogger('penalties') }).of(KEY)).toBeNull();
    expect(await nodePenaltiesClient({ networkUrl: '', timeoutMs: 500, logger: testLogger('penalties') }).of(KEY)).toBeNull();
  });
});
