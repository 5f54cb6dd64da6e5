// The crypto family's MCP tools, under the names financialdatasets' clients give them (docs/crypto.md).
import type { Tool } from "../../contract/tool.ts";

export const CRYPTO_TOOLS: readonly Tool[] = [
  {
    name: "get_crypto_prices",
    path: "/crypto/prices",
    rows: "prices",
    use: "A crypto asset's daily bars (every calendar day, cut at 00:00 UTC).",
  },
  {
    name: "get_crypto_price_snapshot",
    path: "/crypto/prices/snapshot",
    use: "A crypto asset's price on the scenario's current date (or as_of), with the day's change.",
  },
  {
    name: "get_available_crypto_tickers",
    path: "/crypto/prices/tickers",
    rows: "tickers",
    use: "The crypto assets the scenario holds.",
  },
];
