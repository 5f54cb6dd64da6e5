// A company's share count between splits: buybacks shrink it and issuance (employee plans, equity
// raises) grows it, a little each trading day, at a rate the company sets each calendar year
// (docs/realism.md, "Fundamentals": large caps -1..+1% a year, growth and small caps +2..+6%). The
// rate is a program the company announces, so analysts know it; a share's price gives up what the
// count adds (prices.ts).
import type { Rng } from "../../ground/rng.ts";
import type { SizeTier } from "../../models/anchors.ts";

/** Net issuance a year by size at the world's start: the mean of companies' own rates, and their spread. */
export const NET_ISSUANCE: Record<SizeTier, { mean: number; sd: number }> = {
  mega: { mean: -0.01, sd: 0.008 },
  large: { mean: -0.003, sd: 0.01 },
  mid: { mean: 0.03, sd: 0.012 },
  small: { mean: 0.045, sd: 0.015 },
};
/** How much a company's rate moves from one calendar year to the next. */
const YEARLY_SD = 0.006;
const TRADING_DAYS = 252;

/**
 * Per trading day, the share count over the first day's, splits aside. `sectorTilt` (log a year, the
 * share count's part of the scenario's tilt of the sector; families/market/family.ts): a negative one
 * issues that much more a year, a positive one buys back.
 */
export function shareCountPath(days: string[], tier: SizeTier, rng: Rng, sectorTilt = 0): number[] {
  const { mean, sd } = NET_ISSUANCE[tier];
  const own = mean + sd * rng.normal();
  const out: number[] = [];
  let level = 1;
  let year = "";
  let daily = 0;
  days.forEach((day, t) => {
    if (day.slice(0, 4) !== year) {
      year = day.slice(0, 4);
      daily = (Math.log1p(own + YEARLY_SD * rng.normal()) - sectorTilt) / TRADING_DAYS;
    }
    if (t > 0) level *= Math.exp(daily);
    out.push(level);
  });
  return out;
}
