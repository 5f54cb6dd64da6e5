// The stocks' corporate actions against their bands: dividend cuts and splits a year.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Stock } from "./family.ts";
import { bandCheck, skipped } from "../../realism/bands.ts";

/**
 * Dividend cuts and splits against docs/realism.md, "Fundamentals" ("cuts rare"; splits of S&P 500
 * names about 1-4% a year): a cut is a dividend below the one before it, both restated for splits
 * in between.
 */
export class ActionRates {
  private payerYears = 0;
  private cutYears = 0;
  private splits = 0;
  private companyYears = 0;

  add({ stock: { actions, bars, first = 0 } }: Stock): void {
    // The years it traded (from its listing, to its last day where it leaves the world).
    this.companyYears += Math.max(0, bars.length - first) / 252;
    let splitSince = 1;
    let previous: number | null = null;
    const cutYears = new Set<string>();
    const paidYears = new Set<string>();
    for (const a of actions) {
      if (a.action_type === "split") {
        // The band is on forward splits; a reverse split (ratio below 1) is the $1 rule's.
        if ((a.details.ratio as number) > 1) this.splits++;
        splitSince *= a.details.ratio as number;
        continue;
      }
      if (a.action_type !== "dividend") continue;
      const amount = a.details.amount as number;
      paidYears.add(a.ex_date.slice(0, 4));
      // A cent of rounding after a split (a cent per new share) is not a cut.
      if (previous !== null && amount * splitSince < previous - 0.011 * splitSince) cutYears.add(a.ex_date.slice(0, 4));
      previous = amount;
      splitSince = 1;
    }
    this.payerYears += paidYears.size;
    this.cutYears += cutYears.size;
  }

  checks(): ValidationCheck[] {
    const cuts = { min: null, max: 0.05 };
    const splits = { min: 0.005, max: 0.06 };
    return [
      this.payerYears < 20
        ? skipped(
            "realism_tier4",
            "dividend_cut_rate",
            cuts,
            "share of payer-years with a cut",
            "fewer than 20 payer-years",
          )
        : bandCheck(
            "realism_tier4",
            "dividend_cut_rate",
            cuts,
            this.cutYears / this.payerYears,
            `share of ${this.payerYears} payer-years with a cut`,
            true,
          ),
      this.companyYears < 50
        ? skipped("realism_tier4", "split_rate", splits, "splits per company-year", "fewer than 50 company-years")
        : bandCheck(
            "realism_tier4",
            "split_rate",
            splits,
            this.splits / this.companyYears,
            `splits per company-year over ${Math.round(this.companyYears)}`,
          ),
    ];
  }
}
