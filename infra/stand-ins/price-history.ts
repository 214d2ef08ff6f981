// CoinGecko's `GET /api/v3/coins/{id}/market_chart/range?vs_currency=&from=&to=` (from/to in unix
// seconds) from a daily series: `{ prices, market_caps, total_volumes }`, each `[[ms, value], …]`,
// with CoinGecko's automatic granularity (docs.coingecko.com/reference/coins-id-market-chart, and the
// changelog "Improved 5-minutely data for Historical Chart Data endpoints", 2025-01-09): 1 day up to
// the current time is 5-minutely, 1 day at any other time and 2-90 days hourly, longer daily at
// 00:00 UTC ("up to the current time" here: `to` within the last hour). Every point
// inside a UTC day carries that day's value, so "the last point of a day" is the day's price; a day
// missing from the series has no points. Errors as CoinGecko gives them:
// - a range starting more than 365 days ago on the demo/public plan: 401 `{error:{status:{timestamp,
//   error_code:10012, error_message:"Your request exceeds the allowed time range. Public API users
//   are limited to querying historical data within the past 365 days. …"}}}` (the body quoted in
//   github.com/SixPM-Software/waxtax/pull/8; status codes: docs.coingecko.com/docs/errors-and-rate-limits);
// - an unknown vs_currency: 400 `{error:'invalid vs_currency'}`; an unknown coin: 404 `{error:'coin not found'}`;
//   missing or non-numeric from/to: 400 (the docs' "invalid request"; the body is the stand-in's wording).

/** Daily prices per currency (lower-case code → 'YYYY-MM-DD' (UTC) → price). */
export type PriceHistory = Partial<Record<string, Record<string, number>>>;

export interface PriceHistorySettings {
  history: PriceHistory;
  /** The demo/public plan's reach back, days (default 365); a paid plan has none (Infinity). */
  historyLimitDays: number;
  /** The stand-in's current USD price, market cap and volume: caps and volumes follow the price. */
  usd: number;
  marketCap: number;
  volume24h: number;
  /** Other currencies per USD: a currency with no series of its own gets the USD series at this rate. */
  perUsd: Record<string, number>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const significant = (value: number) => Number(value.toPrecision(8));

const limitError = () => ({
  error: {
    status: {
      timestamp: new Date().toISOString(),
      error_code: 10012,
      error_message:
        'Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days. Upgrade to a paid plan to enjoy full historical data access: https://www.coingecko.com/en/api/pricing. ',
    },
  },
});

function seriesOf(settings: PriceHistorySettings, currency: string): Record<string, number> | undefined {
  const own = settings.history[currency];
  if (own) return own;
  const rate = currency === 'usd' ? 1 : settings.perUsd[currency];
  const usd = settings.history.usd;
  if (rate === undefined || !usd) return undefined;
  return Object.fromEntries(Object.entries(usd).map(([day, price]) => [day, significant(price * rate)]));
}

/** The answer for a market_chart/range request; `now` is injectable for tests. */
export function marketChartRange(url: URL, settings: PriceHistorySettings, now = Date.now()): { status: number; body: string } {
  const id = /\/coins\/([^/]+)\/market_chart\/range$/.exec(url.pathname)?.[1];
  if (id !== 'shardeum') return { status: 404, body: JSON.stringify({ error: 'coin not found' }) };
  const currency = (url.searchParams.get('vs_currency') ?? '').toLowerCase();
  const series = seriesOf(settings, currency);
  if (!series) return { status: 400, body: JSON.stringify({ error: 'invalid vs_currency' }) };
  const from = Number(url.searchParams.get('from'));
  const to = Number(url.searchParams.get('to'));
  if (!url.searchParams.get('from') || !url.searchParams.get('to') || !Number.isFinite(from) || !Number.isFinite(to)) {
    return { status: 400, body: JSON.stringify({ error: 'from and to must be unix timestamps in seconds' }) };
  }
  if (from * 1000 < now - settings.historyLimitDays * DAY) return { status: 401, body: JSON.stringify(limitError()) };
  const span = (to - from) * 1000;
  const upToNow = to * 1000 >= now - HOUR;
  const step = span <= DAY && upToNow ? 5 * MINUTE : span <= 90 * DAY ? HOUR : DAY;
  const prices: [number, number][] = [];
  for (let at = Math.ceil((from * 1000) / step) * step; at <= to * 1000; at += step) {
    const price = series[new Date(at).toISOString().slice(0, 10)];
    if (price !== undefined) prices.push([at, price]);
  }
  const rate = settings.usd > 0 ? 1 / settings.usd : 0;
  const market_caps = prices.map(([at, price]): [number, number] => [at, significant(settings.marketCap * price * rate)]);
  const total_volumes = prices.map(([at, price]): [number, number] => [at, significant(settings.volume24h * price * rate)]);
  return { status: 200, body: JSON.stringify({ prices, market_caps, total_volumes }) };
}
