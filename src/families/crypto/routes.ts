// Crypto assets' daily bars (every calendar day, 00:00 to 24:00 UTC), the bar as of a date with its
// change, and the assets a scenario holds. Market-wide: no company route names a crypto ticker.
import { z } from "zod";
import { asOf, endDate, page, scenarioId, startDate, ticker } from "../../contract/params.ts";
import { dayChange } from "../../contract/rounding.ts";
import { notFound } from "../../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { pageRange, requireOrderedWindow, type Scenario } from "../../http/scenario.ts";
import type { DatedRows } from "../../bundle/as-of.ts";
import { CryptoAsset, CryptoPriceBar } from "./rows.ts";
import { CRYPTO_SHARDS } from "./shards.ts";

const TAG = "Crypto";

const cryptoTicker = () =>
  ticker({ description: "Crypto ticker (see `/crypto/prices/tickers`), any case.", example: "BTC-USD" });

const prices = dataRoute({
  path: "/crypto/prices",
  tag: TAG,
  summary: "Daily bars of a crypto asset",
  description:
    "Ascending by date, one bar every calendar day (crypto trades 24/7; the day is cut at 00:00 UTC), " +
    "up to the scenario's current_date unless `as_of` says otherwise.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: cryptoTicker(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      as_of: asOf("bars").optional(),
      ...page(5000, 10000),
    }),
  },
  response: z.object({
    ticker: z.string().meta({ description: "The asset.", example: "BTC-USD" }),
    prices: z.array(CryptoPriceBar),
  }),
});

const CryptoSnapshot = CryptoPriceBar.extend({
  price: z.number().meta({ description: "The bar's close.", example: 30590.08 }),
  day_change: z
    .number()
    .nullable()
    .meta({ description: "Close less the day before's (null on the first day).", example: 112.83 }),
  day_change_percent: z
    .number()
    .nullable()
    .meta({ description: "The day's change, percent of the close before.", example: 0.3702 }),
}).meta({ id: "CryptoSnapshot", description: "A crypto asset's last bar on or before a date, with its change." });

const snapshot = dataRoute({
  path: "/crypto/prices/snapshot",
  tag: TAG,
  summary: "A crypto asset's price on a date",
  description:
    "The last bar on or before `as_of` (default the scenario's current_date) and its change from the day before.",
  request: { query: z.object({ scenario_id: scenarioId(), ticker: cryptoTicker(), as_of: asOf("bars").optional() }) },
  response: z.object({ snapshot: CryptoSnapshot }),
});

const tickers = dataRoute({
  path: "/crypto/prices/tickers",
  tag: TAG,
  summary: "The crypto assets a scenario holds",
  description: "Assets trading by the horizon (`as_of`, or current_date), in the order they began.",
  request: { query: z.object({ scenario_id: scenarioId(), as_of: asOf("assets").optional() }) },
  response: z.object({ tickers: z.array(z.string()), assets: z.array(CryptoAsset) }),
});

/** The asset's bars up to the horizon; 404 for a ticker the scenario does not hold (or not yet). */
async function barsOf(scenario: Scenario, symbol: string): Promise<DatedRows> {
  const shard = await scenario.dated(CRYPTO_SHARDS.cryptoPrices, symbol);
  if (!shard || shard.length === 0) throw notFound(`Crypto ticker ${symbol} not found in scenario`);
  return shard;
}

export function register(app: ApiApp): void {
  serve(
    app,
    prices,
    async (q, scenario) => {
      const shard = await barsOf(scenario, q.ticker);
      const window = pageRange(...shard.window(q.start_date, q.end_date), q.offset, q.limit);
      return { ticker: q.ticker, prices: shard.objects(...window) as CryptoPriceBar[] };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, snapshot, async (q, scenario) => {
    const shard = await barsOf(scenario, q.ticker);
    // The last bar and the one before it, if there is one (none on the asset's first day).
    const bars = shard.objects(Math.max(0, shard.length - 2), shard.length) as CryptoPriceBar[];
    const today = bars[bars.length - 1];
    const previous = bars.length > 1 ? bars[0].close : null;
    return { snapshot: { ...today, ...dayChange(today.close, previous, 8) } };
  });

  serve(app, tickers, async (_, scenario) => {
    const shard = await scenario.dated(CRYPTO_SHARDS.cryptoAssets);
    const assets = shard ? (shard.objects(0, shard.length) as CryptoAsset[]) : [];
    return { tickers: assets.map((a) => a.ticker), assets };
  });
}
