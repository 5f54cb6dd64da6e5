// Insider trades (docs/contract.md, "Insider trade"; docs/insider-trades.md): one Form 4
// transaction per row, with the contract's fields and financialdatasets' names for them side by
// side, so clients of either read it unchanged. financialdatasets signs `transaction_shares` and
// `transaction_value` (negative for a disposition); the contract's `shares` and `value` are
// unsigned.
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

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

/** Ownership statements served: Form 3 (initial) and Form 5 (annual); amendments are asked for but never filed. */
export const OWNERSHIP_FORMS = ["3", "5"] as const;
export const OWNERSHIP_FORM_FILTERS = ["3", "3/A", "5", "5/A"] as const;

export const InsiderOwnership = z
  .object({
    id: field(z.string(), "Identifier (`own_<hash>`).", "own_5c1e9a0b7d3f2468"),
    ticker: field(z.string(), "The company.", "AAPL"),
    issuer: field(z.string(), "The company's name.", "Apple Inc."),
    name: field(z.string(), "The insider (invented), as /insider-trades names them.", "Greta Marrowby"),
    title: field(z.string(), "Role: an officer's title, `Director` or `10% Owner`.", "Chief Financial Officer"),
    is_board_director: field(z.boolean(), "Sits on the board (the CEO does).", false),
    form_type: field(
      z.enum(OWNERSHIP_FORMS),
      "`3`: the initial statement of an insider appointed inside the scenario (insiders seated before it filed " +
        "theirs before it began); `5`: the annual statement of each seat active at a fiscal year's end.",
      "5",
    ),
    filing_date: day(
      "Form 3: within 10 days of the appointment; Form 5: within 45 days of the fiscal year's end. The row is visible from it.",
      "2023-11-09",
    ),
    as_of_date: day("Form 3: the day the seat began; Form 5: the fiscal year's last day.", "2023-09-30"),
    holding_type: field(
      z.enum(["non_derivative"]),
      "Common shares only: grants vest as shares and exercised options are reported on Form 4.",
      "non_derivative",
    ),
    security_title: field(z.string(), "The security.", "Common Stock"),
    shares_owned: field(
      z.number().int(),
      "Shares held on `as_of_date`: a Form 5's are the last Form 4 `shares_owned_after_transaction` by then (restated for splits since).",
      585000,
    ),
    direct_or_indirect: field(z.enum(["D", "I"]), "Held directly (`D`; a family trust holds its own shares).", "D"),
    nature_of_indirect_ownership: field(z.string().nullable(), "How an indirect holding is held: always null.", null),
    conversion_or_exercise_price: field(z.number().nullable(), "Derivatives only: always null.", null),
    exercise_date: field(z.string().nullable(), "Derivatives only: always null.", null),
    expiration_date: field(z.string().nullable(), "Derivatives only: always null.", null),
    underlying_security_title: field(z.string().nullable(), "Derivatives only: always null.", null),
    underlying_security_shares: field(z.number().nullable(), "Derivatives only: always null.", null),
  })
  .meta({ id: "InsiderOwnership", description: "A holding reported on an insider's Form 3 or Form 5." });

export type InsiderOwnership = z.infer<typeof InsiderOwnership>;
