// The listings' tuning numbers (listings.yaml), checked when this module loads.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { REGIMES } from "../../ground/scenario-source.ts";

const ByRegime = z.strictObject(
  Object.fromEntries(REGIMES.map((r) => [r, z.number()])) as Record<(typeof REGIMES)[number], z.ZodNumber>,
);

const Listings = z.strictObject({
  first_day_return: z
    .strictObject({ mean: ByRegime, sd: z.number().min(0), min: z.number().min(-0.9), max: z.number().positive() })
    .refine((r) => r.min < r.max, "min above max"),
  offered: z
    .strictObject({ median: z.number().positive(), log_sd: z.number().min(0), min: z.number(), max: z.number().max(1) })
    .refine((d) => d.min <= d.median && d.median <= d.max, "median outside [min, max]"),
  gross_spread: z.number().min(0).max(0.2),
  quiet_period_days: z.int().min(0).max(90),
  lockup_days: z.int().min(0).max(720),
  lockup_sales: z.strictObject({ days: z.int().min(1).max(250), multiple: z.number().min(1) }),
  first_day_volume: z.number().min(1),
  lead_underwriters: z.int().min(1).max(5),
});

/** The listing model's numbers (docs/listings.md). */
export const LISTINGS = readDataFile(new URL("./listings.yaml", import.meta.url), Listings);
