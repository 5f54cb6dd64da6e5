// The universe's tuning numbers (entrants.yaml), checked when this module loads.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { REGIMES } from "../../ground/scenario-source.ts";

const ByRegime = z.strictObject(
  Object.fromEntries(REGIMES.map((r) => [r, z.number().min(0)])) as Record<(typeof REGIMES)[number], z.ZodNumber>,
);

const Entrants = z.strictObject({
  modelled: z.strictObject({ yearly: z.number().positive(), regime_multiple: ByRegime }),
});

/** The modelled listing days' numbers (docs/listings.md). */
export const ENTRANTS = readDataFile(new URL("./entrants.yaml", import.meta.url), Entrants);
