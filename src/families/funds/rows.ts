// The index funds family's row: a fund's holding on a day.
import { z } from "zod";
import { field, day, money, ticker } from "../../contract/fields.ts";

export const IndexFundRow = z
  .object({
    fund_ticker: ticker("The fund.", "SPY"),
    holding_ticker: ticker(
      "The security held; null on the composition's last row, the benchmark's constituents outside the scenario, together.",
    ).nullable(),
    weight: field(
      z.number(),
      "Weight in the fund (a fraction of its benchmark's whole market); a composition's rows sum to 1.",
      0.0517,
    ),
    shares: field(z.int(), "Shares held; null for the constituents outside the scenario.", 52558510).nullable(),
    market_value: money("Value of the holding at the rebalance.", 3043137729),
    outside_scenario: field(
      z.boolean(),
      "True on the one row that stands for the benchmark's constituents outside the scenario's world.",
      false,
    ),
    as_of: day("The rebalance in force (its date)."),
    benchmark: field(z.string(), "The benchmark the fund tracks.", "S&P 500 Index (scenario market)"),
  })
  .meta({ id: "IndexFundRow", description: "One holding of an index fund." });

export type IndexFundRow = z.infer<typeof IndexFundRow>;
