// Financial metrics: a company's metrics per period (valued at the close of each filing date), and
// the snapshot: every company's latest filed TTM metrics valued at the close as of a date.
import { z } from "zod";
import type { TickerRows } from "../bundle/as-of.ts";
import { allOf, SHARDS, yearOf } from "../bundle/shards.ts";
import { FinancialMetrics, PER_SHARE_METRICS, valuation, type ValuationInputs } from "../contract/metrics.ts";
import { asOf, page, scenarioId, ticker } from "../contract/params.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { PERIOD_POINT_IN_TIME, periodQuery, periodRows } from "../http/periods.ts";
import { pageRange } from "../http/scenario.ts";
import { restated } from "../http/splits.ts";

const TAG = "Financial metrics";

const metrics = dataRoute({
  path: "/financial-metrics",
  tag: TAG,
  summary: "Metrics of one company per period",
  description:
    "Newest period first (default `ttm`). Each row is computed from the period's statements and the close on its " +
    "filing date, and is public from that date. Funds and warrants have none (an empty list).",
  request: { query: z.object({ ...periodQuery("ttm"), ...page(4, 500) }) },
  response: z.object({ financial_metrics: z.array(FinancialMetrics) }),
  pointInTime: PERIOD_POINT_IN_TIME,
});

const snapshot = dataRoute({
  path: "/financial-metrics/snapshot",
  tag: TAG,
  summary: "Latest metrics of every company, valued as of a date",
  description:
    "Each company's latest TTM metrics filed by the horizon, with the valuation metrics (market cap, EV, P/E, ...) " +
    "recomputed at the close of the last trading day on or before it. By ticker.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "Only this company.", example: "AAPL" }).optional(),
      as_of: asOf("metrics filed, valued at the close,").optional(),
      ...page(100, 5000),
    }),
  },
  response: z.object({ financial_metrics: z.array(FinancialMetrics) }),
});

const snapshotTickers = dataRoute({
  path: "/financial-metrics/snapshot/tickers",
  tag: TAG,
  summary: "Tickers with financial metrics",
  request: { query: z.object({ scenario_id: scenarioId() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

export function register(app: ApiApp): void {
  serve(app, metrics, async (q, scenario) => {
    const [rows] = await periodRows(scenario, q, [SHARDS.metrics], PER_SHARE_METRICS);
    return { financial_metrics: rows as FinancialMetrics[] };
  });

  serve(app, snapshot, async (q, scenario) => {
    if (q.ticker) await scenario.requireTicker(q.ticker);
    const listed = await scenario.companies();
    // Each company's latest TTM row filed by the horizon: TTMs are filed every quarter, so that
    // year's filings hold it, or the year before's.
    const year = yearOf(scenario.horizon);
    const years = await Promise.all(
      [year, String(Number(year) - 1)].map((y) => scenario.byTicker(SHARDS.metricsByFiling, allOf(y))),
    );
    const found: { ticker: string; shard: TickerRows; row: number }[] = [];
    for (const ticker of q.ticker ? [q.ticker] : listed.keys) {
      for (const shard of years) {
        const row = shard ? shard.latest(ticker) : -1;
        if (!shard || row < 0) continue;
        found.push({ ticker, shard, row });
        break;
      }
    }
    const [market, splits] = await Promise.all([scenario.marketDay(), scenario.splits()]);
    return {
      financial_metrics: found.slice(...pageRange(0, found.length, q.offset, q.limit)).map(({ ticker, shard, row }) => {
        const [, , metrics, inputs] = shard.rows(row, row + 1)[0] as [
          string,
          string,
          FinancialMetrics,
          ValuationInputs | null,
        ];
        const bar = market ? market.shard.find(`${market.day} ${ticker}`) : -1;
        if (!inputs || !market || bar < 0) return metrics;
        const { close, market_cap } = market.shard.objects(bar, bar + 1)[0] as { close: number; market_cap: number };
        // The period's per-share figures on the horizon's basis (splits go ex on trading days: that day's).
        const factor = splits.factor(ticker, metrics.report_period);
        const sharesNow = market_cap / close;
        return { ...restated(metrics, factor, PER_SHARE_METRICS), ...valuation(inputs, close, sharesNow, factor) };
      }),
    };
  });

  serve(app, snapshotTickers, async (_, scenario) => ({ tickers: (await scenario.companies()).keys }));
}
