// The MCP tools, one list naming each family's (src/families/<name>/tools.ts): each tool is a route of
// the API under financialdatasets' MCP tool name (so prompts written for its hosted server carry
// over). A tool's input schema is its route's declared parameters (from the OpenAPI document), and a
// call is one request to that route: no second implementation.
import type { Tool } from "../contract/tool.ts";
import { PRICES_TOOLS } from "../families/prices/tools.ts";
import { COMPANY_TOOLS } from "../families/company/tools.ts";
import { STATEMENTS_TOOLS } from "../families/statements/tools.ts";
import { METRICS_TOOLS } from "../families/metrics/tools.ts";
import { EARNINGS_TOOLS } from "../families/earnings/tools.ts";
import { NEWS_TOOLS } from "../families/news/tools.ts";
import { FILINGS_TOOLS } from "../families/filings/tools.ts";
import { INSIDERS_TOOLS } from "../families/insiders/tools.ts";
import { HOLDINGS_TOOLS } from "../families/holdings/tools.ts";
import { MACRO_TOOLS } from "../families/macro/tools.ts";
import { CRYPTO_TOOLS } from "../families/crypto/tools.ts";
import { EVENTS_TOOLS } from "../families/events/tools.ts";
import { NOTES_TOOLS } from "../families/notes/tools.ts";
import { TRANSCRIPTS_TOOLS } from "../families/transcripts/tools.ts";
import { SEARCH_TOOLS } from "../families/search/tools.ts";
import { KPIS_TOOLS } from "../families/kpis/tools.ts";
import { FUNDS_TOOLS } from "../families/funds/tools.ts";

const SCENARIO_TOOLS: readonly Tool[] = [
  {
    name: "list_scenarios",
    path: "/scenarios",
    rows: "scenarios",
    use: "List the synthetic market worlds (scenarios): call first to choose a scenario_id.",
  },
  {
    name: "get_scenario",
    path: "/scenarios/{scenario_id}",
    use: "One scenario: its dates (start, current_date), story summary and the tickers it holds.",
  },
];

const RUN_TOOLS: readonly Tool[] = [
  // Runs (docs/runs.md): with a run key, an agent trades its run and reads the world as of the run's day.
  {
    name: "start_run",
    path: "/runs",
    method: "POST",
    run: true,
    use: "Open an evaluation run (with an account key): the answer's run_key is the agent's, reading as of the run's day.",
  },
  { name: "list_runs", path: "/runs", rows: "runs", run: true, use: "Your runs (with a run key: its own)." },
  {
    name: "get_portfolio",
    path: "/runs/{run_id}",
    run: true,
    use: "The run's book: its day, cash, positions marked at the close, equity, open orders, and once finished its score.",
  },
  {
    name: "place_orders",
    path: "/runs/{run_id}/orders",
    method: "POST",
    run: true,
    use: "Place orders on the run's day (all or none); they fill at the next session's open (market) or within its range (limit).",
  },
  {
    name: "cancel_order",
    path: "/runs/{run_id}/orders/{order_id}/cancel",
    method: "POST",
    run: true,
    use: "Cancel an order placed on the run's day, before advancing.",
  },
  {
    name: "advance_day",
    path: "/runs/{run_id}/advance",
    method: "POST",
    run: true,
    use: "Move the run to its next trading day (or up to `to`): orders fill, dividends and splits apply, positions are marked.",
  },
  {
    name: "finish_run",
    path: "/runs/{run_id}/finish",
    method: "POST",
    run: true,
    use: "End the run now and score it.",
  },
  {
    name: "get_score",
    path: "/runs/{run_id}/score",
    run: true,
    use: "The run's score once finished, beside the scenario's baselines (cash, the benchmark, equal weight).",
  },
  {
    name: "get_ledger",
    path: "/runs/{run_id}/ledger",
    rows: "ledger",
    run: true,
    use: "The run's fills, dividends, splits and fees.",
  },
];

export const TOOLS: readonly Tool[] = [
  ...SCENARIO_TOOLS,
  ...PRICES_TOOLS,
  ...COMPANY_TOOLS,
  ...STATEMENTS_TOOLS,
  ...METRICS_TOOLS,
  ...EARNINGS_TOOLS,
  ...NEWS_TOOLS,
  ...FILINGS_TOOLS,
  ...INSIDERS_TOOLS,
  ...HOLDINGS_TOOLS,
  ...MACRO_TOOLS,
  ...CRYPTO_TOOLS,
  ...EVENTS_TOOLS,
  ...NOTES_TOOLS,
  ...TRANSCRIPTS_TOOLS,
  ...SEARCH_TOOLS,
  ...KPIS_TOOLS,
  ...FUNDS_TOOLS,
  ...RUN_TOOLS,
];
