import { startArchiverAndPriceStandIn, type StandIn } from './archiver-and-price';

describe('price, JSON-RPC and explorer parts of the stand-in', () => {
  let standIn: StandIn;
  afterEach(() => standIn.close());

  const price = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${standIn.url}/api/v3/simple/price?${query}`, { headers });
  const rpc = async (params: unknown) => {
    const res = await fetch(standIn.url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'shardeum_getCycleInfo', params }),
    });
    return (await res.json()) as { result?: { cycleInfo: Record<string, unknown> }; error?: { code: number } };
  };

  it('when a key is required, then a call without it gets CoinGecko’s 401 and a call with it the price', async () => {
    standIn = await startArchiverAndPriceStandIn({ priceApiKey: 'demo-key', price: { usd: 0.25 } });
    const missing = await price('ids=shardeum&vs_currencies=usd');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: { error_code: 10002 } });
    const ok = await price('ids=shardeum&vs_currencies=usd', { 'x-cg-demo-api-key': 'demo-key' });
    expect(await ok.json()).toMatchObject({ shardeum: { usd: 0.25 } });
    expect(standIn.priceRequests.map((r) => r.headers['x-cg-demo-api-key'])).toEqual([undefined, 'demo-key']);
  });

  it('when another coin is asked for, then the answer is empty', async () => {
    standIn = await startArchiverAndPriceStandIn();
    expect(await (await price('ids=bitcoin&vs_currencies=usd')).json()).toEqual({});
  });

  it('when rate-limited, then the price answers 429 with retry-after', async () => {
    standIn = await startArchiverAndPriceStandIn({ modes: { price: 'rate-limited' }, retryAfterSeconds: 30 });
    const res = await price('ids=shardeum&vs_currencies=usd');
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '30']);
    expect(await res.json()).toMatchObject({ status: { error_code: 429 } });
  });

  it('when shardeum_getCycleInfo is called, then it answers the record in the server’s shape and refuses other params', async () => {
    standIn = await startArchiverAndPriceStandIn({ network: { active: 50, foundation: 45, standby: 9, counter: 5_000, duration: 60 } });
    const latest = (await rpc([])).result?.cycleInfo;
    if (!latest) throw new Error('shardeum_getCycleInfo answered no cycleInfo');
    // 50 active, 9 standby, none syncing at "now"; the end is one 60 s cycle after the start.
    expect(latest).toMatchObject({ cycleCounter: 5_000, nodes: { active: 50, standby: 9, syncing: 0 }, duration: 60 });
    expect((latest.endTime as number) - (latest.startTime as number)).toBe(60_000);
    expect((await rpc([4_990])).result?.cycleInfo.cycleCounter).toBe(4_990);
    expect((await rpc(['latest'])).error?.code).toBe(-32602);
    const explorer = (await (await fetch(`${standIn.url}/api/cycleinfo?count=1`)).json()) as { cycles: { counter: number }[] };
    expect(explorer.cycles.map((c) => c.counter)).toEqual([5_000]);
  });

  it('when the sizes are reconfigured, then the records follow at the same counter and the tidy shape keeps every flag', async () => {
    standIn = await startArchiverAndPriceStandIn({ shape: 'tidy', network: { active: 50, foundation: 45, standby: 9, counter: 5_000 } });
    const latest = async () => ((await (await fetch(`${standIn.url}/cycleinfo/1`)).json()) as { cycleInfo: { counter: number; standby: number }[] }).cycleInfo[0];
    expect(await latest()).toMatchObject({ counter: 5_000, standby: 9 });
    standIn.configure({ network: { standby: 30 } });
    expect(await latest()).toMatchObject({ counter: 5_000, standby: 30 });
    const list = (await (await fetch(`${standIn.url}/full-nodelist?activeOnly=true`)).json()) as { nodeList: { foundationNode?: boolean }[] };
    // 45 foundation + 5 community, every entry flagged in the tidy shape.
    expect([list.nodeList.filter((e) => e.foundationNode === true).length, list.nodeList.filter((e) => e.foundationNode === false).length]).toEqual([45, 5]);
  });

  it('when the network has 5 000 nodes and 3 000 cycles, then a repeated node-list read answers within a few ms', async () => {
    standIn = await startArchiverAndPriceStandIn({ network: { active: 5_000, foundation: 1_000, standby: 5_000 } });
    const read = async () => {
      const started = performance.now();
      await (await fetch(`${standIn.url}/full-nodelist?activeOnly=true`)).text();
      return performance.now() - started;
    };
    await read();
    // Generous for a loaded test machine; signing 5 000 entries again takes far longer.
    expect(await read()).toBeLessThan(100);
  }, 60_000);
});
