import { startArchiverAndPriceStandIn, type StandIn } from './archiver-and-price';

// Three days ten days back: day 1 at $0.12, day 2 missing, day 3 at $0.10 (dates follow the clock,
// since the plan's 365-day reach is counted from now).
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const day1 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const HISTORY = { usd: { [iso(day1)]: 0.12, [iso(day1 + 2 * DAY_MS)]: 0.1 } };

interface Chart {
  prices: [number, number][];
  market_caps: [number, number][];
  total_volumes: [number, number][];
}

describe('stand-in: CoinGecko market_chart/range from a daily series', () => {
  let standIn: StandIn;
  afterEach(() => standIn.close());

  const range = async (fromMs: number, toMs: number, currency = 'usd', headers: Record<string, string> = {}) => {
    const res = await fetch(`${standIn.url}/api/v3/coins/shardeum/market_chart/range?vs_currency=${currency}&from=${fromMs / 1000}&to=${toMs / 1000}`, { headers });
    return { status: res.status, body: (await res.json()) as Chart & { error?: unknown } };
  };

  it('when three days are asked, then the points are hourly, each day’s last point is its price, and the missing day has none', async () => {
    standIn = await startArchiverAndPriceStandIn({ archivers: 1, price: { history: HISTORY } });
    const { status, body } = await range(day1, day1 + 3 * DAY_MS - 1000);
    expect(status).toBe(200);
    // 24 hourly points on day 1 and 24 on day 3.
    expect(body.prices).toHaveLength(48);
    expect(body.prices.filter(([at]) => at < day1 + DAY_MS).at(-1)).toEqual([day1 + 23 * HOUR_MS, 0.12]);
    expect(body.prices.some(([at]) => at >= day1 + DAY_MS && at < day1 + 2 * DAY_MS)).toBe(false);
    expect(body.prices.at(-1)).toEqual([day1 + 3 * DAY_MS - HOUR_MS, 0.1]);
    expect([body.market_caps.length, body.total_volumes.length]).toEqual([48, 48]);
    expect(standIn.count('price-history')).toBe(1);
    expect(standIn.priceRequests[0]?.url).toContain('/coins/shardeum/market_chart/range?vs_currency=usd');
  });

  it('when the last day up to now is asked, then the points are 5-minutely; a past day hourly; past 90 days daily at midnight UTC', async () => {
    const now = Date.now();
    const recent = { [iso(now)]: 0.2, [iso(now - DAY_MS)]: 0.2 };
    standIn = await startArchiverAndPriceStandIn({ archivers: 1, price: { history: { usd: { ...HISTORY.usd, ...recent } } } });
    const lastDay = await range(Math.floor(now / 1000) * 1000 - DAY_MS, Math.floor(now / 1000) * 1000);
    const steps = new Set(lastDay.body.prices.slice(1).map(([at], i) => at - (lastDay.body.prices[i]?.[0] ?? 0)));
    expect([...steps]).toEqual([5 * 60_000]);
    // 00:00 to 24:00 of a past day: hourly, 24 points on day 1; day 2's midnight has no price.
    const pastDay = await range(day1, day1 + DAY_MS);
    expect(pastDay.body.prices).toHaveLength(24);
    const long = await range(day1 - 200 * DAY_MS, day1 + 5 * DAY_MS);
    expect(long.body.prices).toEqual([
      [day1, 0.12],
      [day1 + 2 * DAY_MS, 0.1],
    ]);
  });

  it('when another currency has no series of its own, then it is the USD series at the stand-in’s rate', async () => {
    standIn = await startArchiverAndPriceStandIn({ archivers: 1, price: { history: HISTORY, perUsd: { eur: 0.86 } } });
    // 0.12 × 0.86 = 0.1032
    expect((await range(day1, day1 + DAY_MS - 1000, 'eur')).body.prices[0]).toEqual([day1, 0.1032]);
  });

  it('when the currency is unknown, the range starts over 365 days ago or the key is missing, then CoinGecko’s errors come', async () => {
    standIn = await startArchiverAndPriceStandIn({ archivers: 1, price: { history: HISTORY }, priceApiKey: 'demo' });
    const key = { 'x-cg-demo-api-key': 'demo' };
    expect(await range(day1, day1 + DAY_MS, 'xyz', key)).toEqual({ status: 400, body: { error: 'invalid vs_currency' } });
    const old = await range(day1 - 400 * DAY_MS, day1, 'usd', key);
    expect(old.status).toBe(401);
    expect(old.body.error).toMatchObject({ status: { error_code: 10012 } });
    expect(await range(day1, day1 + DAY_MS)).toMatchObject({ status: 401, body: { status: { error_code: 10002 } } });
    expect(standIn.priceRequests).toHaveLength(3);
  });
});
