// The company family's rows: the facts as of a horizon (the identity itself, CompanyFacts, is reference data in src/contract/resources.ts).
import { z } from "zod";
import { field } from "../../contract/fields.ts";
import { CompanyFacts } from "../../contract/resources.ts";

/**
 * `/company/facts`: the identity with the two figures financialdatasets serves beside it, both as of
 * the request's horizon.
 */
export const CompanyFactsAsOf = CompanyFacts.extend({
  market_cap: field(
    z.number().nullable(),
    "Market cap (USD) at the close of the last trading day on or before the horizon: that close times the shares " +
      "outstanding that day (the day's `/prices/snapshot/market` market_cap); null before the first trading day.",
    2_993_500_000_000,
  ),
  weighted_average_shares: field(
    z.int().nullable(),
    "Basic weighted average shares of the latest quarterly income statement filed by the horizon (its " +
      "`weighted_average_shares`, restated for the splits gone ex by then); null before the first filing.",
    15_744_231_000,
  ),
}).meta({
  id: "CompanyFactsAsOf",
  description:
    "Company facts as of the request's horizon: the identity (real) with its market cap and weighted average " +
    "shares (synthetic, public by then).",
});

export type CompanyFactsAsOf = z.infer<typeof CompanyFactsAsOf>;
