// The exits' tuning numbers (exits.yaml), checked when this module loads.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { REGIMES } from "../../ground/scenario-source.ts";

const Tiers = z.strictObject({
  mega: z.number().min(0).max(1),
  large: z.number().min(0).max(1),
  mid: z.number().min(0).max(1),
  small: z.number().min(0).max(1),
});

/** A lognormal draw around `median`, clamped to [min, max]. */
const Spread = z
  .strictObject({ median: z.number().positive(), log_sd: z.number().min(0), min: z.number(), max: z.number() })
  .refine((d) => d.min <= d.median && d.median <= d.max, "median outside [min, max]");
export type Lognormal = z.infer<typeof Spread>;

const RegimeMultiple = z.strictObject(
  Object.fromEntries(REGIMES.map((r) => [r, z.number().min(0)])) as Record<(typeof REGIMES)[number], z.ZodNumber>,
);

/** A yearly chance by size tier at the start, and its multiple in each hidden regime (hazard.ts). */
const Hazard = { yearly_rate: Tiers, regime_multiple: RegimeMultiple };

const Normal = z.strictObject({ mean: z.number(), sd: z.number().min(0) });

const InWorld = z.strictObject({
  share: z.number().min(0).max(1),
  consideration: z
    .strictObject({ cash: z.number().min(0), stock: z.number().min(0), mixed: z.number().min(0) })
    .refine((c) => Math.abs(c.cash + c.stock + c.mixed - 1) < 1e-9, "chances do not sum to 1"),
  mixed_cash_share: z.number().gt(0).lt(1),
  reaction: z.strictObject({ cash: Normal, stock: Normal, mixed: Normal }),
  insiders_closed_before: z.int().min(0),
});

const Takeovers = z.strictObject({
  ...Hazard,
  premium: Spread,
  spread: Spread,
  days_to_close: Spread,
  completion: z.number().min(0).max(1),
  premium_kept_on_break: z.number().min(0).max(1),
  late_spread_share: z.number().gt(0).max(1),
  closing_notice_days: z.int().min(1).max(30),
  earliest_day: z.int().min(1),
  private_share: Tiers,
  buyer_size: z.number().min(1),
  private_buyers: z.array(z.string().min(1)).min(1),
  in_world: InWorld,
});

const Range = z.tuple([z.number(), z.number()]).refine(([lo, hi]) => lo <= hi, "least above most");

const Failures = z.strictObject({
  ...Hazard,
  days_to_filing: Spread,
  revenue_fall: z.number().min(0).max(1),
  margin_fall: z.number().min(0).max(1),
  margin_fall_share: z.number().min(0).max(1),
  debt_growth: z.number().min(0).max(1),
  value_before_filing: Spread,
  filing_move: Spread,
  days_to_delisting: Range,
  after_filing_volatility: z.number().min(0).max(1),
  recovery: z.strictObject({ chance: z.number().min(0).max(1), share: Range }),
  dividend_cut: Range,
  dividend_suspended_after: z.int().min(0),
});

const Exits = z.strictObject({ takeovers: Takeovers, failures: Failures });

const tables = readDataFile(new URL("./exits.yaml", import.meta.url), Exits);
/** The takeover model's numbers (docs/exits.md). */
export const TAKEOVERS = tables.takeovers;
/** The failure model's numbers (docs/exits.md). */
export const FAILURES = tables.failures;
