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

const Takeovers = z.strictObject({
  yearly_rate: Tiers,
  regime_multiple: z.strictObject(
    Object.fromEntries(REGIMES.map((r) => [r, z.number().min(0)])) as Record<(typeof REGIMES)[number], z.ZodNumber>,
  ),
  premium: Spread,
  spread: Spread,
  days_to_close: Spread,
  completion: z.number().min(0).max(1),
  premium_kept_on_break: z.number().min(0).max(1),
  closing_notice_days: z.int().min(1).max(30),
  earliest_day: z.int().min(1),
  private_share: z.number().min(0).max(1),
  private_buyers: z.array(z.string().min(1)).min(1),
});

const Exits = z.strictObject({ takeovers: Takeovers });

/** The takeover model's numbers (docs/exits.md). */
export const TAKEOVERS = readDataFile(new URL("./exits.yaml", import.meta.url), Exits).takeovers;
