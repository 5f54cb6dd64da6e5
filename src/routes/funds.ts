// Index funds: which securities a fund holds, and which funds hold a security.
import { z } from "zod";
import { FUND_HOLDING_FIELDS, SHARDS, yearOf } from "../bundle/shards.ts";
import type { FundInfo, Manifest } from "../bundle/types.ts";
import { asOf, page, scenarioId, tickers } from "../contract/params.ts";
import { IndexFundRow } from "../contract/resources.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { horizon, loadManifest, requireTicker } from "../http/scenario.ts";

const TAG = "Index funds";

const indexFunds = dataRoute({
  path: "/index-funds",
  tag: TAG,
  summary: "Index-fund holdings",
  description:
    "`ticker` (funds: their holdings) or `holding` (securities: the funds holding them), never both (400). " +
    "The composition in force on `as_of` (default the scenario's current_date); rows carry its rebalance date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these funds", "SPY"),
      holding: tickers("Only holdings of these securities", "AAPL"),
      as_of: asOf("compositions").optional(),
      ...page(50, 1000),
    }),
  },
  response: z.object({ index_funds: z.array(IndexFundRow) }),
});

const fundTickers = dataRoute({
  path: "/index-funds/tickers",
  tag: TAG,
  summary: "Index funds any scenario may hold",
  description: "No scenario_id needed.",
  request: {},
  response: z.object({ tickers: z.array(z.string()) }),
});

/** A fund's composition in force on `asOfDate` (the last rebalance on or before it), as response rows. */
async function composition(c: Context<AppEnv>, manifest: Manifest, fund: FundInfo, asOfDate: string) {
  const years = Object.keys(manifest.periods[SHARDS.funds.name(fund.ticker)] ?? {})
    .filter((y) => y <= yearOf(asOfDate))
    .sort()
    .reverse();
  for (const year of years) {
    const shard = await c.get("reader").shard(manifest, SHARDS.funds.name(`${fund.ticker}/${year}`));
    const last = shard ? shard.lastAtOrBefore(asOfDate) : -1;
    if (!shard || last < 0) continue;
    const [[rebalanced, holdings]] = shard.rows(last, last + 1) as [[string, unknown[][]]];
    return holdings.map((h) => ({
      fund_ticker: fund.ticker,
      ...(Object.fromEntries(FUND_HOLDING_FIELDS.map((f, i) => [f, h[i]])) as Pick<
        IndexFundRow,
        (typeof FUND_HOLDING_FIELDS)[number]
      >),
      as_of: rebalanced,
      benchmark: fund.benchmark,
    }));
  }
  return [];
}

export function register(app: ApiApp): void {
  serve(app, indexFunds, async (q, c) => {
    if (q.ticker && q.holding) throw badRequest("Query parameters 'ticker' and 'holding' cannot be combined");
    const manifest = await loadManifest(c, q.scenario_id);
    const wanted = q.ticker;
    const funds = wanted ? manifest.funds.filter((f) => wanted.includes(f.ticker)) : manifest.funds;
    for (const t of wanted ?? []) {
      if (!funds.some((f) => f.ticker === t)) throw notFound(`Index fund ${t} not found in scenario`);
    }
    for (const t of q.holding ?? []) await requireTicker(c, manifest, t);
    const asOfDate = horizon(manifest, q.as_of);
    const rows = (await Promise.all(funds.map((f) => composition(c, manifest, f, asOfDate))))
      .flat()
      .filter((r) => !q.holding || q.holding.includes(r.holding_ticker));
    return { index_funds: rows.slice(q.offset, q.offset + q.limit) };
  });

  serve(app, fundTickers, async (_, c) => {
    const catalog = await c.get("reader").catalog();
    return { tickers: catalog.index_funds };
  });
}
