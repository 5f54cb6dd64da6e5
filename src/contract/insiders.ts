// Insider trades (SPEC.md "Insider trade"; docs/insider-trades.md): one Form 4 transaction per row,
// with SPEC's fields and financialdatasets' names for them side by side, so clients of either read
// it unchanged. financialdatasets signs `transaction_shares` and `transaction_value` (negative for a
// disposition); SPEC's `shares` and `value` are unsigned.
import { z } from "zod";
import { day, field } from "./fields.ts";

/** `transaction_type` values, with their Form 4 codes (docs/insider-trades.md). */
export const TRANSACTION_TYPES = ["buy", "sell", "option_exercise", "grant", "gift"] as const;

export const InsiderTrade = z
  .object({
    id: field(z.string(), "Identifier (`ins_<hash>`).", "ins_3f9a0c1d2e4b5a69"),
    ticker: field(z.string(), "The company.", "AAPL"),
    issuer: field(z.string(), "The company's name.", "Apple Inc."),
    name: field(z.string(), "The insider (invented), as /insider-trades/names spells it.", "Greta Marrowby"),
    insider_name: field(z.string(), "`name`, under a second name.", "Greta Marrowby"),
    title: field(z.string(), "Role: an officer's title, `Director` or `10% Owner`.", "Chief Financial Officer"),
    role: field(z.string(), "`title`, under a second name.", "Chief Financial Officer"),
    is_board_director: field(z.boolean(), "Sits on the board (the CEO does).", false),
    transaction_date: day("The day of the transaction.", "2023-08-07"),
    transaction_type: field(
      z.enum(TRANSACTION_TYPES),
      "`buy` and `sell` are open-market trades (codes P and S); `option_exercise` (M), `grant` (A), `gift` (G).",
      "sell",
    ),
    transaction_shares: field(z.number().int(), "Shares, negative for a sale or gift.", -25000),
    shares: field(z.number().int(), "`transaction_shares` without its sign.", 25000),
    transaction_price_per_share: field(
      z.number(),
      "Within the day's low and high for a trade; the day's close for a grant or gift; the strike for an exercise.",
      181.02,
    ),
    price: field(z.number(), "`transaction_price_per_share`, under a second name.", 181.02),
    transaction_value: field(
      z.number(),
      "`transaction_shares` x price, to the cent (negative for a disposition).",
      -4525500,
    ),
    value: field(z.number(), "Unsigned value: `shares` x `price`.", 4525500),
    shares_owned_before_transaction: field(z.number().int(), "Shares held before, as traded that day.", 610000),
    shares_owned_after_transaction: field(
      z.number().int(),
      "Shares held after: before plus `transaction_shares`; the next transaction of the insider starts from it (restated for splits between).",
      585000,
    ),
    security_title: field(z.string(), "The security.", "Common Stock"),
    filing_date: day("The Form 4's filing date, within two business days: the row is visible from it.", "2023-08-09"),
    details: field(
      z.object({
        form_type: z.literal("4"),
        transaction_code: z.enum(["P", "S", "M", "A", "G"]),
        acquired_disposed: z.enum(["A", "D"]),
        plan: z.enum(["10b5-1"]).nullable(),
        plan_adopted: z.string().nullable(),
        is_officer: z.boolean(),
        is_ten_percent_owner: z.boolean(),
        price_basis: z.enum(["market", "close", "exercise_price"]),
        with_exercise: z.boolean(),
        after_fall: z.boolean(),
      }),
      "Form 4 code, acquired (A) or disposed (D), `plan` `10b5-1` for a sale under a pre-arranged plan " +
        "(adopted on `plan_adopted`, exempt from the blackout), how the price was set, whether a sale sold " +
        "the shares an exercise delivered that day, whether a buy came within 20 trading days of a 20% fall.",
    ),
  })
  .meta({ id: "InsiderTrade", description: "A Form 4 transaction by a company insider." });

export type InsiderTrade = z.infer<typeof InsiderTrade>;

/** An insider's filings as names list them. */
export const InsiderName = z.string().meta({ description: "An insider's name." });
