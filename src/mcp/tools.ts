// The MCP tools: each one is a route of the API under financialdatasets' MCP tool name (so prompts
// written for its hosted server carry over). A tool's input schema is its route's declared parameters
// (from the OpenAPI document), and a call is one request to that route: no second implementation.

export interface Tool {
  name: string;
  /** The route it calls: a GET path (`{scenario_id}` filled from the arguments), or a POST route. */
  path: string;
  method?: "POST";
  /** The answer's list of rows, paged by the tool (at most MAX_ROWS a call). */
  rows?: string;
  /** What the tool is for, in a sentence (the route's own summary and description follow). */
  use: string;
  /** Parameters the tool does not offer. */
  omit?: readonly string[];
  /** A tool of runs (docs/runs.md): it reads no scenario at a date, so it takes no `as_of`. */
  run?: true;
}

export const TOOLS: readonly Tool[] = [
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
  {
    name: "get_stock_prices",
    path: "/prices",
    rows: "prices",
    use: "Daily price bars of one ticker (or up to 50 with `tickers`) over a window.",
    omit: ["interval"],
  },
  { name: "get_stock_price", path: "/prices/snapshot", use: "The last price bar of a ticker on or before as_of." },
  { name: "get_trading_days", path: "/prices/trading-days", rows: "trading_days", use: "The trading calendar." },
  { name: "get_company_facts", path: "/company/facts", use: "A company's identity, sector and market cap." },
  {
    name: "get_income_statements",
    path: "/financials/income-statements",
    rows: "income_statements",
    use: "A company's income statements, newest period first.",
  },
  {
    name: "get_balance_sheets",
    path: "/financials/balance-sheets",
    rows: "balance_sheets",
    use: "A company's balance sheets, newest period first.",
  },
  {
    name: "get_cash_flow_statements",
    path: "/financials/cash-flow-statements",
    rows: "cash_flow_statements",
    use: "A company's cash-flow statements, newest period first.",
  },
  {
    name: "get_segmented_financials",
    path: "/financials/segments",
    rows: "financials",
    use: "A company's statements broken out by business segment and region.",
  },
  {
    name: "get_financial_metrics",
    path: "/financial-metrics",
    rows: "financial_metrics",
    use: "Valuation, profitability and growth metrics per period.",
  },
  {
    name: "get_financial_metrics_snapshot",
    path: "/financial-metrics/snapshot",
    rows: "financial_metrics",
    use: "The latest metrics of a company, valued at the close of as_of.",
  },
  { name: "get_earnings", path: "/earnings", rows: "earnings", use: "Earnings releases with surprises." },
  {
    name: "get_analyst_estimates",
    path: "/analyst-estimates",
    rows: "analyst_estimates",
    use: "Consensus estimates as they stood.",
  },
  { name: "get_news", path: "/news", rows: "news", use: "News articles, newest first." },
  { name: "get_filings", path: "/filings", rows: "filings", use: "SEC-style filings (10-K, 10-Q, 8-K)." },
  {
    name: "get_filing_items",
    path: "/filings/items",
    rows: "filing_items",
    use: "Sections of filings (risk factors, MD&A...) with their text.",
  },
  { name: "list_filing_item_types", path: "/filings/items/types", use: "The filing items that can be asked for." },
  {
    name: "get_insider_trades",
    path: "/insider-trades",
    rows: "insider_trades",
    use: "Form 4 trades of officers, directors and 10% owners.",
  },
  {
    name: "get_insider_ownership",
    path: "/insider-ownership",
    rows: "insider_ownership",
    use: "What insiders hold: Form 3 (on appointment) and Form 5 (each fiscal year end) statements.",
  },
  {
    name: "get_beneficial_ownership",
    path: "/beneficial-ownership",
    rows: "beneficial_owners",
    use: "Holders of more than 5% of a company (Schedules 13G/13D), by ticker or by filer_cik.",
  },
  {
    name: "get_institutional_holdings",
    path: "/institutional-holdings",
    rows: "institutional_holdings",
    use: "13F holdings of institutional managers, by ticker or by manager (filer_cik).",
  },
  {
    name: "get_institutional_investors",
    path: "/institutional-holdings/investors",
    rows: "investors",
    use: "The institutional managers that file 13F reports, with their filer_cik.",
  },
  {
    name: "get_interest_rates",
    path: "/macro/interest-rates",
    rows: "interest_rates",
    use: "A central bank's policy-rate decisions.",
  },
  { name: "get_macro", path: "/macro", rows: "macro_data", use: "The daily macro tape (rates, inflation, spreads)." },
  { name: "get_events", path: "/events/timeline", rows: "events", use: "The event timeline, newest first." },
  {
    name: "get_analyst_notes",
    path: "/analyst-notes",
    rows: "analyst_notes",
    use: "Analysts' notes and rating changes.",
  },
  {
    name: "screen_stocks",
    path: "/financials/search/screener",
    method: "POST",
    rows: "results",
    use: "Companies whose latest period meets bounds on metrics and statement lines.",
  },
  {
    name: "list_stock_screener_filters",
    path: "/financials/search/screener/filters",
    rows: "filters",
    use: "The fields screen_stocks can bound.",
  },
  { name: "get_kpi_metrics", path: "/kpi/metrics", rows: "kpi_metrics", use: "Sector KPIs per period." },
  {
    name: "get_index_fund",
    path: "/index-funds",
    rows: "index_funds",
    use: "An index fund's composition, or the funds that hold a company.",
  },
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
