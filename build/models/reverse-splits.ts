// The exchanges' $1 rule: a listed stock that closes below $1 for 30 trading days in a row gets a
// deficiency notice and about six months to close at $1 or more for ten days in a row, or it is
// delisted (Nasdaq Listing Rules 5550(a)(2), 5810(c)(3)(A); NYSE Listed Company Manual 802.01C).
// Companies that stay listed mostly cure it with a reverse split, voted by their holders a few
// months into the period. Without the rule a collapsed stock of ours traded at a few cents for years,
// its close unchanged on half its days (docs/realism-panel.md, "After 0.66.0").
import type { Rng } from "../ground/rng.ts";

export const LISTING_RULE = {
  /** The minimum closing price. */
  minimumPrice: 1,
  /** Consecutive closes below it that bring the notice. */
  deficiencyDays: 30,
  /** Consecutive closes at or above it that regain compliance. */
  cureDays: 10,
  /** Trading days from the notice to the board's announcement of the reverse split (proxy and vote). */
  announcedAfter: [60, 110] as const,
  /** Trading days from the announcement to the ex (effective) date. */
  exAfter: [10, 15] as const,
  /** The price the split aims at: the smallest usual ratio that lifts the stock to it. */
  targetPrice: 5,
  /** Usual reverse ratios, old shares per new one. */
  ratios: [5, 10, 20, 25, 40, 50, 100],
} as const;

/** A reverse split the board announces today: old shares per new one and trading days to its ex-date. */
export interface ReverseSplitDecision {
  sharesPerNew: number;
  exAfterDays: number;
}

/** The smallest usual ratio that takes `price` to the target (the largest if none does). */
export function reverseRatio(price: number): number {
  const { ratios, targetPrice } = LISTING_RULE;
  return ratios.find((n) => price * n >= targetPrice) ?? ratios.at(-1)!;
}

/**
 * A listed company's standing under the rule, day by day from the closes its board sees: the notice,
 * a cure, and on the day drawn for it, the reverse split that cures what the price did not.
 */
export class PriceDeficiency {
  private below = 0;
  private above = 0;
  /** The trading day, counted from the notice, the board announces the split on; null: no notice. */
  private announceOn: number | null = null;
  private sinceNotice = 0;
  private exAfter = 0;
  private readonly rng: Rng;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  /** Today's close as the board sees it; a decision on the day it announces a reverse split. */
  step(day: string, price: number): ReverseSplitDecision | null {
    const { minimumPrice, deficiencyDays, cureDays } = LISTING_RULE;
    this.below = price < minimumPrice ? this.below + 1 : 0;
    this.above = price >= minimumPrice ? this.above + 1 : 0;
    if (this.announceOn === null) {
      if (this.below >= deficiencyDays) this.notice(day);
      return null;
    }
    if (this.above >= cureDays) {
      this.reset();
      return null;
    }
    if (++this.sinceNotice < this.announceOn) return null;
    this.reset();
    return { sharesPerNew: reverseRatio(price), exAfterDays: this.exAfter };
  }

  private notice(day: string): void {
    // A stream of its own per notice: the rule draws nothing on a company that never falls below $1.
    const own = this.rng.fork(`notice/${day}`);
    this.announceOn = own.int(...LISTING_RULE.announcedAfter);
    this.exAfter = own.int(...LISTING_RULE.exAfter);
    this.sinceNotice = 0;
  }

  private reset(): void {
    this.announceOn = null;
    this.below = 0;
    this.above = 0;
  }
}

/**
 * The longest run of closes below the minimum a company that stays listed may show: the notice, the
 * latest announcement and ex lag, and up to 30 days more for a dividend already announced (declared
 * 15-25 business days before its ex-date), which the split goes ex after.
 */
export const MOST_DAYS_BELOW_MINIMUM =
  LISTING_RULE.deficiencyDays + LISTING_RULE.announcedAfter[1] + LISTING_RULE.exAfter[1] + 30;
