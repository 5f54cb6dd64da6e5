// Index funds: which securities a fund holds, and which funds hold a security.
import { FUNDS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { FUND_HOLDING_FIELDS } from "./shards.ts";
import type { FundInfo } from "../../bundle/types.ts";
import { asOf, page, scenarioId, tickers } from "../../contract/params.ts";
import { IndexFundRow } from "./rows.ts";
import { notFound } from "../../http/errors.ts";
import { requireOneOf } from "../../http/one-of.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import type { Scenario } from "../../http/scenario.ts";

const TAG = "Index funds";

const indexFunds = dataRoute({
  path: "/index-funds",
  tag: TAG,
  summary: "Index-fund holdings",
  description:
    "`ticker` (funds: their holdings) or `holding` (securities: the funds holding them), never both (400). " +
    "The composition in force on `as_of` (default the scenario's current_date); rows carry its rebalance date. " +
    "A fund tracks a benchmark of the whole market: the scenario's companies weigh what they weigh in it, and a " +
    "last row (`holding_ticker` null, `outside_scenario` true) holds the rest.",
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
  summary: "Index funds: a scenario's, or any scenario's",
  description:
    "With `scenario_id`, that scenario's funds under its own names (a masked twin's are pseudonyms); " +
    "without it, every fund any scenario may hold, by its real ticker. Sorted.",
  request: { query: z.object({ scenario_id: scenarioId().optional() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

/** A fund's composition in force on the horizon (the last rebalance by then), as response rows. */
async function composition(scenario: Scenario, fund: FundInfo) {
  for (const year of scenario.yearsUpToHorizon(FUNDS_SHARDS.funds.name(fund.ticker))) {
    const shard = await scenario.dated(FUNDS_SHARDS.funds, `${fund.ticker}/${year}`);
    const last = shard ? shard.length - 1 : -1;
    if (!shard || last < 0) continue;
    const [[rebalanced, holdings]] = shard.rows(last, last + 1) as [[string, unknown[][]]];
    return holdings.map((h) => ({
      fund_ticker: fund.ticker,
      ...(Object.fromEntries(FUND_HOLDING_FIELDS.map((f, i) => [f, h[i]])) as Pick<
        IndexFundRow,
        (typeof FUND_HOLDING_FIELDS)[number]
      >),
      outside_scenario: h[0] === null,
      as_of: rebalanced,
      benchmark: fund.benchmark,
    }));
  }
  return [];
}

export function register(app: ApiApp): void {
  serve(
    app,
    indexFunds,
    async (q, scenario) => {
      const wanted = q.ticker;
      const all = scenario.manifest.funds;
      const funds = wanted ? all.filter((f) => wanted.includes(f.ticker)) : all;
      for (const t of wanted ?? []) {
        if (!funds.some((f) => f.ticker === t)) throw notFound(`Index fund ${t} not found in scenario`);
      }
      await scenario.requireTickers(q.holding);
      const rows = (await Promise.all(funds.map((f) => composition(scenario, f))))
        .flat()
        .filter((r) => !q.holding || (r.holding_ticker !== null && q.holding.includes(r.holding_ticker)));
      return { index_funds: rows.slice(q.offset, q.offset + q.limit) };
    },
    (q) => {
      requireOneOf(q, ["ticker", "holding"], "at-most");
    },
  );

  serve(app, fundTickers, async (_, scenario, c) => {
    if (scenario) return { tickers: scenario.manifest.funds.map((f) => f.ticker).sort() };
    const catalog = await c.get("reader").catalog();
    return { tickers: catalog.index_funds };
  });
}
