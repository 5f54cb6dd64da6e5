// The corporate actions family's row.
import { z } from "zod";
import { field, day, ticker, opaque } from "../../contract/fields.ts";

export const CorporateAction = z
  .object({
    id: field(z.string(), "Identifier.", "ca_dba35981beb91478"),
    ticker: ticker(),
    action_type: field(
      z.enum(["dividend", "split", "acquisition", "delisting"]),
      "Kind of action. An acquisition pays its holders the consideration for each share on the payable date; a " +
        "delisting after a bankruptcy pays what the holders recover (mostly nothing). Either way the stock's last " +
        "trading day is the day before the ex-date.",
      "dividend",
    ),
    announcement_date: day("Date announced (public from then)."),
    ex_date: day("Ex-date."),
    record_date: day("Record date."),
    payable_date: day("Payable date."),
    details: opaque(
      "A dividend: amount, currency, frequency. A split: split_from, split_to, ratio (split_to / split_from: 2 for a " +
        "2-for-1; a reverse split under the $1 rule, 0.1 for 1-for-10). An acquisition: acquirer, " +
        "acquirer_ticker (null for a private buyer), consideration (cash, stock or mixed), cash_per_share, and for " +
        "stock or mixed exchange_ratio (the buyer's shares per share, in both companies' shares of the last day; " +
        "only a buyer of the scenario pays in shares), currency. A delisting: " +
        "reason (bankruptcy), cash_per_share (the recovery, often 0), currency.",
    ),
  })
  .meta({
    id: "CorporateAction",
    description: "A dividend, a split, or what the holders receive when the company leaves (acquisition, delisting).",
  });

export type CorporateAction = z.infer<typeof CorporateAction>;
