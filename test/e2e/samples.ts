// One request per documented route that answers 200 on the default library: the shared checks and
// the contract test drive every route through these (a new route without a sample fails them). A
// route whose parameters are a JSON body has a sample body instead.
import { body, BRANCH, MEGACAP } from "./client.ts";

const s = `scenario_id=${MEGACAP}`;

export const SAMPLES: Record<string, string> = {
  "/": "/",
  "/health": "/health",
  "/openapi.json": "/openapi.json",
  "/docs": "/docs",
  "/docs/{asset}": "/docs/swagger-ui.css",
  "/scenarios": "/scenarios",
  "/scenarios/themes": "/scenarios/themes",
  "/scenarios/{scenario_id}": `/scenarios/${MEGACAP}`,
  "/scenarios/{scenario_id}/validation": `/scenarios/${BRANCH}/validation`,
  "/account": "/account",
  "/scenarios/{scenario_id}/exports": `/scenarios/${MEGACAP}/exports`,
  "/scenarios/{scenario_id}/exports/{file}": `/scenarios/${MEGACAP}/exports/macro.csv.gz`,
  "/company/facts": `/company/facts?${s}&ticker=AAPL`,
  "/companies": `/companies?${s}&search=tech`,
  "/company/facts/tickers": `/company/facts/tickers?${s}`,
  "/company/facts/ciks": `/company/facts/ciks?${s}`,
  "/prices": `/prices?${s}&ticker=AAPL&include_components=true&limit=30`,
  "/prices/snapshot": `/prices/snapshot?${s}&ticker=SPY&as_of=2023-07-04`,
  "/prices/snapshot/market": `/prices/snapshot/market?${s}&as_of=2023-06-30`,
  "/prices/tickers": `/prices/tickers?${s}`,
  "/prices/snapshot/tickers": `/prices/snapshot/tickers?${s}`,
  "/prices/trading-days": `/prices/trading-days?${s}&start_date=2023-06-01&end_date=2023-07-31`,
  "/macro": `/macro?scenario_id=${BRANCH}&start_date=2025-06-01`,
  "/macro/interest-rates": `/macro/interest-rates?${s}&bank=ECB`,
  "/macro/interest-rates/snapshot": `/macro/interest-rates/snapshot?${s}&bank=fed&as_of=2023-08-01`,
  "/macro/interest-rates/banks": "/macro/interest-rates/banks",
  "/crypto/prices": `/crypto/prices?${s}&ticker=BTC-USD&start_date=2023-06-01&end_date=2023-06-30`,
  "/crypto/prices/snapshot": `/crypto/prices/snapshot?${s}&ticker=eth-usd&as_of=2023-07-01`,
  "/crypto/prices/tickers": `/crypto/prices/tickers?${s}`,
  "/events/timeline": `/events/timeline?${s}&limit=50`,
  "/events/types": "/events/types",
  "/sectors": "/sectors",
  "/news": `/news?${s}&ticker=AAPL&include_market=true&limit=20`,
  // An article of the default library: AAPL's results of 2023-01-30 (ids are stable for a world).
  "/analyst-notes": `/analyst-notes?${s}&ticker=MSFT`,
  "/news/{artifact_id}": `/news/nws_20230130_a559c048a787?${s}`,
  "/financials/income-statements": `/financials/income-statements?${s}&ticker=AAPL`,
  "/financials/balance-sheets": `/financials/balance-sheets?${s}&ticker=MSFT&period=annual`,
  "/financials/cash-flow-statements": `/financials/cash-flow-statements?${s}&ticker=JPM&period=ttm`,
  "/financials": `/financials?${s}&ticker=NVDA`,
  "/financials/income-statements/as-reported": `/financials/income-statements/as-reported?${s}&ticker=AAPL`,
  "/financials/balance-sheets/as-reported": `/financials/balance-sheets/as-reported?${s}&ticker=JPM`,
  "/financials/cash-flow-statements/as-reported": `/financials/cash-flow-statements/as-reported?${s}&ticker=MSFT&period=annual`,
  "/financials/as-reported": `/financials/as-reported?${s}&ticker=NVDA&period=ttm`,
  "/financials/income-statements/segments": `/financials/income-statements/segments?${s}&ticker=AAPL`,
  "/financials/balance-sheets/segments": `/financials/balance-sheets/segments?${s}&ticker=JPM&period=annual`,
  "/financials/cash-flow-statements/segments": `/financials/cash-flow-statements/segments?${s}&ticker=XOM&period=ttm`,
  "/financials/segments": `/financials/segments?${s}&ticker=MSFT`,
  "/financial-metrics": `/financial-metrics?${s}&ticker=AAPL`,
  "/financial-metrics/snapshot": `/financial-metrics/snapshot?${s}&as_of=2023-08-15`,
  "/financial-metrics/snapshot/tickers": `/financial-metrics/snapshot/tickers?${s}`,
  "/analyst-estimates": `/analyst-estimates?${s}&ticker=AAPL&limit=40`,
  "/earnings": `/earnings?${s}&limit=20`,
  "/earnings/calendar": `/earnings/calendar?${s}&ticker=MSFT&as_of=2023-10-10`,
  "/earnings/tickers": `/earnings/tickers?${s}`,
  "/earnings/transcripts": `/earnings/transcripts?${s}&ticker=MSFT&fiscal_quarter=2`,
  // AAPL's call on its results of 2023-01-30 (an id names its date and company).
  "/earnings/transcripts/{transcript_id}": `/earnings/transcripts/ect_20230130_AAPL?${s}`,
  "/kpi/guidance": `/kpi/guidance?${s}&ticker=GOOGL`,
  "/kpi/metrics": `/kpi/metrics?${s}&ticker=AMZN`,
  "/kpi/non-gaap": `/kpi/non-gaap?${s}&ticker=NVDA&period=annual`,
  "/kpi/metrics/tickers": `/kpi/metrics/tickers?${s}`,
  "/kpi/metrics/sectors": `/kpi/metrics/sectors?${s}`,
  "/financials/search/screener/filters": "/financials/search/screener/filters",
  "/filings": `/filings?${s}&ticker=AAPL&filing_type=10-K&filing_type=10-Q`,
  "/filings/items": `/filings/items?${s}&ticker=AAPL&item=Item-7&item=Part-1,Item-2`,
  "/filings/tickers": `/filings/tickers?${s}`,
  "/filings/ciks": `/filings/ciks?${s}`,
  "/filings/types": `/filings/types?${s}`,
  "/filings/items/types": `/filings/items/types?${s}`,
  "/corporate-actions": `/corporate-actions?${s}`,
  "/index-funds": `/index-funds?${s}&ticker=XLK`,
  "/index-funds/tickers": "/index-funds/tickers",
  "/insider-trades": `/insider-trades?${s}&ticker=MSFT&transaction_type=sell`,
  "/insider-transactions": `/insider-transactions?${s}&ticker=AAPL`,
  "/insider-trades/names": `/insider-trades/names?${s}&ticker=NVDA`,
  "/insider-ownership": `/insider-ownership?${s}&ticker=AAPL&form_type=5`,
  "/beneficial-ownership": `/beneficial-ownership?${s}&ticker=AAPL`,
  "/beneficial-ownership/filers": `/beneficial-ownership/filers?${s}&name=g`,
  "/institutional-holdings": `/institutional-holdings?${s}&ticker=AAPL&limit=20`,
  "/institutional-holdings/investors": `/institutional-holdings/investors?${s}`,
  "/institutional-holdings/tickers": `/institutional-holdings/tickers?${s}`,
};

/** POST routes: a body each (objects whose fields are the route's parameters). */
export const POST_SAMPLES: Record<string, Record<string, unknown>> = {
  "/financials/search/screener": {
    scenario_id: MEGACAP,
    as_of: "2023-08-15",
    filters: { price_to_earnings_ratio: { gt: 0, lt: 60 }, revenue: { gte: 1e9 } },
  },
  "/financials/search/line-items": {
    scenario_id: MEGACAP,
    tickers: ["AAPL", "nvda"],
    line_items: ["revenue", "earnings_per_share", "market_cap"],
    limit: 4,
  },
};

/** Routes that need no key. */
export const OPEN_ROUTES = new Set(["/", "/health", "/openapi.json", "/docs", "/docs/{asset}"]);

/** Key management: the operator's door, not the key's (open locally), checked by keys-api.test.ts instead. */
/**
 * The routes of evaluation runs and the leaderboard: stateful, so not among the shared checks of data routes (no ETag, no
 * repeat from a cache); runs.test.ts checks them, and the fuzz and the contract test reach them on a
 * run of their own (runSamples).
 */
export const isRunRoute = (route: string) =>
  route === "/runs" || route.startsWith("/runs/") || route === "/leaderboard";

/** A run of its own for a test file (its key is the main one), with an open order: its id and the order's. */
export async function openSampleRun(): Promise<{ runId: string; orderId: string }> {
  const opened = await body("/runs", {
    scenario_id: MEGACAP,
    agent: "samples",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
  });
  const runId = opened.run.run_id as string;
  const placed = await body(`/runs/${runId}/orders`, { orders: [{ ticker: "AAPL", side: "buy", shares: 10 }] });
  return { runId, orderId: placed.orders[0].order_id as string };
}

/** One request per run route on a given run: GET paths, and POST paths with their bodies. */
export function runSamples(runId: string, orderId: string) {
  const run = `/runs/${runId}`;
  return {
    get: {
      "/runs": "/runs",
      "/runs/{run_id}": run,
      "/runs/{run_id}/orders": `${run}/orders`,
      "/runs/{run_id}/ledger": `${run}/ledger`,
      "/runs/{run_id}/equity": `${run}/equity`,
      "/runs/{run_id}/score": `${run}/score`,
      "/leaderboard": "/leaderboard",
    } as Record<string, string>,
    post: {
      "/runs": {
        path: "/runs",
        body: { scenario_id: MEGACAP, agent: "sample", start_date: "2023-03-01", end_date: "2023-06-30" },
      },
      "/runs/{run_id}/orders": {
        path: `${run}/orders`,
        body: { orders: [{ ticker: "MSFT", side: "buy", shares: 5 }] },
      },
      "/runs/{run_id}/orders/{order_id}/cancel": { path: `${run}/orders/${orderId}/cancel`, body: {} },
      "/runs/{run_id}/advance": { path: `${run}/advance`, body: {} },
      "/runs/{run_id}/finish": { path: `${run}/finish`, body: {} },
    } as Record<string, { path: string; body: Record<string, unknown> }>,
  };
}

export const OPERATOR_ROUTES = new Set([
  "/keys",
  "/keys/create",
  "/keys/{hash_prefix}/revoke",
  "/keys/{hash_prefix}/horizon",
]);

const m = { scenario_id: MEGACAP };
/** One call per MCP tool, with arguments an agent would send. */
export const TOOL_CALLS: Record<string, Record<string, unknown>> = {
  list_scenarios: {},
  get_scenario: m,
  get_stock_prices: { ...m, ticker: "AAPL", start_date: "2023-01-01", end_date: "2023-12-31" },
  get_stock_price: { ...m, ticker: "AAPL", as_of: "2023-07-05" },
  get_trading_days: { ...m, start_date: "2023-06-01", end_date: "2023-06-30" },
  get_company_facts: { ...m, ticker: "NVDA" },
  get_income_statements: { ...m, ticker: "AAPL", period: "quarterly", limit: 4 },
  get_balance_sheets: { ...m, ticker: "MSFT", period: "annual" },
  get_cash_flow_statements: { ...m, ticker: "JPM", period: "ttm" },
  get_segmented_financials: { ...m, ticker: "AAPL", limit: 2 },
  get_financial_metrics: { ...m, ticker: "AAPL", period: "ttm", limit: 4 },
  get_financial_metrics_snapshot: { ...m, ticker: "AAPL", as_of: "2023-09-01" },
  get_earnings: { ...m, ticker: "AAPL" },
  get_analyst_estimates: { ...m, ticker: "AAPL" },
  get_news: { ...m, ticker: ["AAPL"], limit: 10 },
  get_filings: { ...m, ticker: "AAPL" },
  get_filing_items: { ...m, ticker: "AAPL", filing_type: "10-K", item: ["Item-1.01"] },
  list_filing_item_types: m,
  get_insider_trades: { ...m, ticker: ["AAPL"] },
  get_insider_ownership: { ...m, ticker: "AAPL" },
  get_beneficial_ownership: { ...m, ticker: "AAPL" },
  get_institutional_holdings: { ...m, ticker: "AAPL" },
  get_institutional_investors: m,
  get_interest_rates: { ...m, bank: "fed" },
  get_macro: { ...m, start_date: "2023-06-01", end_date: "2023-06-30" },
  get_crypto_prices: { ...m, ticker: "BTC-USD", start_date: "2023-06-01", end_date: "2023-06-30" },
  get_crypto_price_snapshot: { ...m, ticker: "BTC-USD", as_of: "2023-07-01" },
  get_available_crypto_tickers: m,
  get_events: { ...m, ticker: ["AAPL"], limit: 5 },
  get_analyst_notes: { ...m, ticker: "MSFT" },
  get_earnings_call_transcripts: { ...m, ticker: ["AAPL"], fiscal_year: 2023 },
  get_earnings_call_transcript: { ...m, transcript_id: "ect_20230130_AAPL" },
  screen_stocks: { ...m, filters: [{ field: "price_to_earnings_ratio", operator: "lt", value: 40 }] },
  list_stock_screener_filters: {},
  get_kpi_metrics: { ...m, ticker: "AAPL" },
  get_index_fund: { ...m, ticker: ["SPY"] },
};
