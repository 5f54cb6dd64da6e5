// Corporate actions: dividends and splits, visible from their announcement.
import { ACTIONS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { asOf, page, scenarioId, tickers } from "../../contract/params.ts";
import { CorporateAction } from "./rows.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { jsonArray } from "../../http/json.ts";

const corporateActions = dataRoute({
  path: "/corporate-actions",
  tag: "Corporate actions",
  summary: "Dividends and splits",
  description:
    "Newest announcement first. An action is public once announced (before its ex-date); the default horizon is " +
    "the scenario's current_date. Funds and warrants have none (an empty list).",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these instruments' actions", "JPM"),
      as_of: asOf("actions announced").optional(),
      ...page(50, 200),
    }),
  },
  response: z.object({ corporate_actions: z.array(CorporateAction) }),
});

export function register(app: ApiApp): void {
  serve(app, corporateActions, async (q, scenario) => {
    const rows = await scenario.newestFirstByTickerOrPeriod(ACTIONS_SHARDS.actions, q.ticker, {
      offset: q.offset,
      limit: q.limit,
    });
    return { corporate_actions: jsonArray<CorporateAction>(rows) };
  });
}
