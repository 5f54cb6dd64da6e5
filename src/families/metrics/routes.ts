// Financial metrics: a company's metrics per period (valued at the close of each filing date), and
// the snapshot: every company's latest filed TTM metrics valued at the close as of a date.
import { METRICS_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { TickerRows } from "../../bundle/as-of.ts";
import { closeOf } from "../../bundle/closes.ts";
import { inputsOf, snapshotArray, type SnapshotRow, type SnapshotText } from "./snapshot.ts";
import { allOf, yearOf } from "../../bundle/shards.ts";
import { FinancialMetrics, PER_SHARE_METRICS, VALUATION_METRICS, valuation } from "./rows.ts";
import { asOf, page, scenarioId, ticker } from "../../contract/params.ts";
import { jsonObject } from "../../http/json.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { PERIOD_POINT_IN_TIME, periodQuery, periodRows } from "../../http/periods.ts";
import { find } from "../../http/scenario.ts";
import { restatedPerShare } from "../../http/splits.ts";

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
    const [rows] = await periodRows(scenario, q, [METRICS_SHARDS.metrics], PER_SHARE_METRICS);
    return { financial_metrics: rows as FinancialMetrics[] };
  });

  serve(app, snapshot, async (q, scenario) => {
    if (q.ticker !== undefined) await scenario.requireTicker(q.ticker);
    const listed = await scenario.companies();
    // The companies by their place in `listed` (a fund or warrant asked for has none: an empty list).
    const only = q.ticker === undefined ? undefined : find(listed, q.ticker);
    const companies = only === undefined ? listed.keys.map((_, k) => k) : only < 0 ? [] : [only];
    // Each company's latest TTM row filed by the horizon: TTMs are filed every quarter, so that
    // year's filings hold it, or the year before's. Companies without one do not count toward the page.
    const year = yearOf(scenario.horizon);
    const years = await Promise.all(
      [year, String(Number(year) - 1)].map((y) => scenario.byTicker(METRICS_SHARDS.metricsSnapshot, allOf(y))),
    );
    const found: { company: number; shard: TickerRows; row: number }[] = [];
    let skip = q.offset;
    for (const company of companies) {
      if (found.length === q.limit) break;
      for (const shard of years) {
        const row = shard ? shard.latest(listed.keys[company]) : -1;
        if (!shard || row < 0) continue;
        if (skip > 0) skip--;
        else found.push({ company, shard, row });
        break;
      }
    }
    // Valued at the close of the last trading day by the horizon, every company's packed in one row.
    const [day, splits] = await Promise.all([scenario.lastCloses(), scenario.splits()]);
    const rows = found.map(({ company, shard, row }): SnapshotText => {
      const [, ticker, reportPeriod, text, runs, filed, inputs] = shard.rows(row, row + 1)[0] as SnapshotRow;
      const bar = day && closeOf(day, company);
      if (!inputs || !bar) return { text };
      // The period's per-share figures on the horizon's basis (splits go ex on trading days: that day's).
      const factor = splits.factor(ticker, reportPeriod);
      const valued = valuation(inputsOf(inputs), bar.close, bar.marketCap / bar.close, factor);
      const perShare = PER_SHARE_METRICS.map((_, k) => filed[VALUATION_METRICS.length + k]);
      const values = [
        ...VALUATION_METRICS.map((f) => valued[f]),
        ...(factor === 1 ? perShare : perShare.map((v) => (v === null ? v : restatedPerShare(v, factor)))),
      ];
      return { text, runs, values };
    });
    return { financial_metrics: jsonObject<FinancialMetrics[]>(snapshotArray(rows)) };
  });

  serve(app, snapshotTickers, async (_, scenario) => ({ tickers: await scenario.companyTickers() }));
}
