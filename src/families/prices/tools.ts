// The prices family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const PRICES_TOOLS: readonly Tool[] = [
  {
    name: "get_stock_prices",
    path: "/prices",
    rows: "prices",
    use: "Price bars of one ticker (or up to 50 with `tickers`): daily, or minute and hour with `interval`.",
  },
  { name: "get_stock_price", path: "/prices/snapshot", use: "The last price bar of a ticker on or before as_of." },
  { name: "get_trading_days", path: "/prices/trading-days", rows: "trading_days", use: "The trading calendar." },
];
