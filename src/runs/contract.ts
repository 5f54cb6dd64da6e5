// What the run routes take and answer (docs/runs.md), declared once: the routes validate with these
// schemas, /openapi.json and the clients are generated from them.
import { z } from "zod";
import { day, field, money } from "../contract/fields.ts";
import { bodyDate, bodyStr, bodyTicker } from "../contract/params.ts";
import { Baseline, Score } from "../contract/scores.ts";
import { DEFAULT_COSTS, DEFAULT_STARTING_CASH, type CryptoTicker } from "./costs.ts";

const bps = (tier: string) => field(z.number().min(0).max(500), `Half-spread of ${tier}, basis points.`, 1).optional();
const CRYPTO = DEFAULT_COSTS.crypto;
const cryptoBps = (ticker: CryptoTicker) =>
  field(
    z.number().min(0).max(500),
    `Half-spread of ${ticker}, basis points.`,
    CRYPTO.half_spread_bps[ticker],
  ).optional();

/** A crypto asset's costs; each field may be given alone (the others keep their defaults). */
const CryptoCostModel = z
  .object({
    fee_bps: field(
      z.number().min(0).max(500),
      "The exchange's taker fee, basis points of a fill's value (crypto pays no commission).",
      CRYPTO.fee_bps,
    ).optional(),
    half_spread_bps: z
      .object({ "BTC-USD": cryptoBps("BTC-USD"), "ETH-USD": cryptoBps("ETH-USD"), "SOL-USD": cryptoBps("SOL-USD") })
      .strict()
      .optional()
      .meta({ description: "Half the quoted spread by asset, basis points.", example: CRYPTO.half_spread_bps }),
    impact_coefficient: field(
      z.number().min(0).max(10),
      "Y of the square-root impact law, with the asset's own daily volatility.",
      CRYPTO.impact_coefficient,
    ).optional(),
    max_volume_share: field(
      z.number().gt(0).max(1),
      "Largest share of the day's volume (in coins) a fill may take.",
      CRYPTO.max_volume_share,
    ).optional(),
  })
  .strict()
  .meta({
    id: "CryptoCostModel",
    description: 'How crypto fills are charged (docs/runs.md, "Costs"). Crypto is not shorted: a run trades it spot.',
  });

export const CostModelSchema = z
  .object({
    commission_per_share: field(z.number().min(0).max(1), "USD per share.", DEFAULT_COSTS.commission_per_share),
    commission_minimum: field(z.number().min(0).max(100), "USD per fill at least.", DEFAULT_COSTS.commission_minimum),
    commission_maximum_fraction: field(z.number().min(0).max(0.1), "At most this fraction of a fill's value.", 0.01),
    half_spread_bps: z
      .object({
        mega: bps("mega caps"),
        large: bps("large caps"),
        mid: bps("mid caps"),
        small: bps("small caps"),
        fund: bps("index funds"),
      })
      .strict()
      .meta({
        description: "Half the quoted spread by size tier, basis points.",
        example: DEFAULT_COSTS.half_spread_bps,
      }),
    impact_coefficient: field(
      z.number().min(0).max(10),
      "Y of the square-root impact law.",
      DEFAULT_COSTS.impact_coefficient,
    ),
    max_volume_share: field(z.number().gt(0).max(1), "Largest share of a session's volume a fill may take.", 0.1),
    borrow_fee_annual: field(z.number().min(0).max(1), "Annual fee on short market value (0.005 = 0.5%).", 0.005),
    max_gross_exposure: field(z.number().gt(0).max(10), "Gross exposure cap, a multiple of equity.", 2),
    crypto: CryptoCostModel,
  })
  .meta({ id: "CostModel", description: 'How fills are charged (docs/runs.md, "Costs").' });

export const NewRun = z
  .object({
    scenario_id: bodyStr(
      { description: "The scenario to run in.", example: "0126f9b8-e2d9-8186-aac8-f2936bb28fd8" },
      64,
    ),
    agent: bodyStr({ description: "A label for the agent, shown beside its score.", example: "momentum-v2" }, 100),
    selection: bodyStr(
      {
        description:
          "The scenario selection this run is one of (an evaluation's: `/leaderboard` groups finished runs by agent and selection).",
        example: "split=test",
      },
      200,
    ).optional(),
    start_date: bodyDate({
      description: "The run's first day (the first trading day on or after it).",
      example: "2023-01-03",
    }),
    end_date: bodyDate({
      description:
        "The run's last day (the last trading day on or before it). Default: the scenario's current_date, or a future branch's end_date.",
      example: "2023-12-29",
    }).optional(),
    starting_cash: field(
      z.number().min(1_000).max(1e10),
      `USD; default ${DEFAULT_STARTING_CASH}.`,
      DEFAULT_STARTING_CASH,
    ).optional(),
    benchmark: bodyTicker({
      description: "A fund or a company to compare with; default the scenario's broad index fund.",
      example: "SPY",
    }).optional(),
    costs: CostModelSchema.partial()
      .strict()
      .optional()
      .meta({
        description: 'Changes to the default cost model (docs/runs.md, "Costs").',
        example: { commission_per_share: 0.001 },
      }),
  })
  .strict()
  .meta({ id: "NewRun", description: "A run to open." });

const positiveShares = z.number().positive("must be positive");

export const OrderRequestSchema = z
  .object({
    ticker: bodyTicker({
      description: "The instrument: a company, an index fund, or a crypto asset (`BTC-USD`).",
      example: "AAPL",
    }),
    side: z
      .enum(["buy", "sell"])
      .optional()
      .meta({ description: "buy or sell; implied by a target weight.", example: "buy" }),
    shares: positiveShares
      .optional()
      .meta({ description: "Whole shares; a crypto asset's units, to 8 decimals.", example: 100 }),
    notional: field(
      z.number().positive("must be positive"),
      "USD: the whole shares (crypto: units to 8 decimals) it buys at the day's close.",
      25_000,
    ).optional(),
    target_weight: field(
      z.number().min(-10).max(10),
      "Trade to this fraction of equity (negative: short).",
      0.05,
    ).optional(),
    type: z
      .enum(["market", "limit"])
      .default("market")
      .meta({ description: "market (the next open) or limit.", example: "market" }),
    limit_price: field(z.number().positive("must be positive"), "A limit order's price.", 185.5).optional(),
    client_order_id: bodyStr(
      { description: "Your id: a retried order with it is placed once.", example: "rebalance-2023-06-30-AAPL" },
      64,
    ).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    const sizes = [o.shares, o.notional, o.target_weight].filter((v) => v !== undefined).length;
    if (sizes !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["shares"],
        message: "give exactly one of shares, notional and target_weight",
      });
    if (o.target_weight === undefined && !o.side)
      ctx.addIssue({ code: "custom", path: ["side"], message: "is required (buy or sell)" });
    if ((o.type === "limit") !== (o.limit_price !== undefined))
      ctx.addIssue({ code: "custom", path: ["limit_price"], message: "is required with type limit, and only with it" });
  })
  .meta({
    id: "OrderRequest",
    description: "An order: a ticker, a side, and one of shares, notional or target_weight.",
  });

/** Several orders, all placed or none; a single order sent alone is read as a list of one. */
export const OrderList = z
  .object({
    orders: z
      .array(OrderRequestSchema)
      .min(1, "must not be empty")
      .max(100, "must be at most 100 orders")
      .meta({
        description: "The orders, at most 100.",
        example: [{ ticker: "AAPL", side: "buy", shares: 100, type: "market" }],
      }),
  })
  .strict()
  .superRefine(({ orders }, ctx) => {
    const ids = orders.flatMap((o) => (o.client_order_id ? [o.client_order_id] : []));
    if (new Set(ids).size < ids.length)
      ctx.addIssue({ code: "custom", path: ["orders"], message: "must not give one client_order_id to two orders" });
  })
  .meta({
    id: "OrderList",
    description: "Orders to place on the run's day: all or none. One order may also be sent alone, as the body.",
  });

export const StepBody = z
  .object({
    to: bodyDate({
      description: "Advance through every session up to this date (default: the next session).",
      example: "2023-07-31",
    }).optional(),
    client_id: bodyStr(
      { description: "Your id: a retried call with it happens once.", example: "step-2023-06-30" },
      64,
    ).optional(),
  })
  .strict()
  .meta({ id: "RunStep", description: "Where to advance a run to." });

export const Order = z
  .object({
    order_id: field(z.string(), "The run's id of the order.", "o000001"),
    client_order_id: field(z.string().nullable(), "Your id, if you gave one.", null),
    ticker: field(z.string(), "The instrument.", "AAPL"),
    side: field(z.enum(["buy", "sell"]), "buy or sell.", "buy"),
    shares: field(z.number(), "Whole shares (crypto: units to 8 decimals), fixed when placed.", 100),
    type: field(z.enum(["market", "limit"]), "market or limit.", "market"),
    limit_price: field(z.number().nullable(), "A limit order's price.", null),
    placed_on: day("The run's day it was placed on; it fills in the next session."),
    status: field(z.enum(["open", "filled", "partially_filled", "expired", "cancelled"]), "Where it stands.", "open"),
    filled_shares: field(z.number(), "Shares (crypto: units) filled.", 0),
    average_fill_price: field(z.number().nullable(), "The average price of its fills.", null),
  })
  .meta({ id: "RunOrder", description: "An order of a run." });

export const Position = z
  .object({
    ticker: field(z.string(), "The instrument.", "AAPL"),
    shares: field(z.number(), "Shares held, negative for a short; a crypto asset's units, to 8 decimals.", 100),
    average_price: money("Average price paid for the shares held (split-adjusted).", 185.12),
    close: money("The close of the run's day.", 190.54),
    market_value: money("Shares times close.", 19054),
    weight: field(z.number(), "Market value over equity.", 0.019),
  })
  .meta({ id: "RunPosition", description: "A position, marked at the run's day's close." });

const RunFields = {
  run_id: field(z.string(), "The run's id.", "run_5f0c2a9e1b7d4c38"),
  agent: field(z.string(), "The agent's label.", "momentum-v2"),
  selection: field(z.string().nullable(), "The scenario selection it was opened as one of, if any.", "split=test"),
  scenario_id: field(z.string(), "The scenario.", "0126f9b8-e2d9-8186-aac8-f2936bb28fd8"),
  status: field(z.enum(["running", "finished"]), "running or finished.", "running"),
  finished_reason: field(z.enum(["end_date", "finished"]).nullable(), "Reached its end date, or finished early.", null),
  day: day("The run's day: every read with its key is answered as of it."),
  start_date: day("First day."),
  end_date: day("Last day."),
  benchmark: field(z.string(), "The benchmark.", "SPY"),
  starting_cash: money("USD.", DEFAULT_STARTING_CASH),
  cash: money("USD.", 412_344.1),
  equity: money("Cash plus positions at the day's close, USD.", 1_012_344.1),
  created_at: field(z.string(), "When it was opened (UTC).", "2026-11-29T10:00:00.000Z"),
};

export const RunSummary = z.object(RunFields).meta({ id: "RunSummary", description: "A run, in short." });

export const Run = z
  .object({
    ...RunFields,
    positions_value: money("USD.", 600_000),
    gross_exposure: money("Long plus short market value, USD.", 600_000),
    positions: z.array(Position).meta({ description: "Positions held, by ticker, marked at the day's close." }),
    open_orders: z.array(Order).meta({ description: "Orders placed on the day, to fill in the next session." }),
    costs: CostModelSchema.meta({ description: "The run's cost model." }),
    score: Score.nullable().meta({ description: "Once finished." }),
    score_after_current_date: Score.nullable().meta({
      description: "A run over a future branch: its days after the scenario's current_date.",
    }),
  })
  .meta({ id: "Run", description: "A run's book on its day." });

export const EquityPoint = z
  .object({
    date: day("A trading day."),
    cash: money("USD.", 412_344.1),
    positions_value: money("USD.", 600_000),
    equity: money("USD.", 1_012_344.1),
    gross_exposure: money("USD.", 600_000),
    benchmark: money("The benchmark's buy-and-hold of the starting cash, USD.", 1_008_120.4),
    risk_free_rate: field(z.number(), "Policy rate in force, annual percent.", 5.13),
  })
  .meta({ id: "EquityPoint", description: "A close of the run." });

export const LedgerEntry = z
  .object({
    kind: field(
      z.enum(["fill", "dividend", "split", "borrow_fee", "expired", "acquisition", "delisting"]),
      "What happened. An acquisition or a delisting exchanged a position for cash (`shares`, `cash_per_share`: the " +
        "consideration, or a bankruptcy's recovery, mostly 0) and, where the buyer paid in its shares, for whole " +
        "shares of it (`received_ticker`, `exchange_ratio`, `received_shares`; the fraction paid at `exchange_price`, " +
        "the buyer's open). A split's `shares_before` and `shares_after`; the fraction of a share a reverse split " +
        "leaves is paid in cash at `cash_in_lieu_price`.",
      "fill",
    ),
    date: day("The session."),
    ticker: field(z.string(), "The instrument.", "AAPL"),
    cash_change: money("What it did to cash, USD.", -19_057.3),
    time: field(
      z.string().nullable(),
      "A fill's minute: New York time, as intraday bars stamp it (the open, or where a stock's limit was reached); " +
        "null for crypto, filled on the day's bar. Fills recorded before it existed have none.",
      "2023-03-02T10:47:00-05:00",
    ).optional(),
  })
  .catchall(z.unknown())
  .meta({
    id: "LedgerEntry",
    description: 'A fill, dividend, split, borrow fee, expiry, acquisition or delisting (docs/runs.md, "Ledger").',
  });

export const RunScoreAnswer = z.object({
  run_id: field(z.string(), "The run.", "run_5f0c2a9e1b7d4c38"),
  agent: field(z.string(), "The agent's label.", "momentum-v2"),
  status: field(z.enum(["running", "finished"]), "running or finished.", "finished"),
  score: Score.nullable().meta({ description: "Null until the run ends." }),
  score_after_current_date: Score.nullable().meta({
    description: "A run over a future branch: its days after current_date.",
  }),
  baselines: z.array(Baseline).meta({ description: "The scenario's baselines (cash, the benchmark, equal weight)." }),
});
