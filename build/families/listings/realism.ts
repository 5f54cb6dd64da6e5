// The listings against their bands (docs/realism.md, "Listings"): how a new listing's first day goes
// (its first close over the offering price its prospectus states), and how many companies list a
// year, by the hidden regime of their first day, against the companies already listed.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import type { Company, World } from "../registry.ts";
import { offerPrice } from "./plan.ts";

const FAMILY = "realism_listings";

/** The bands, and the least sample each is judged on (docs/realism.md, "Listings"). */
const BANDS = {
  first_day_return: { min: 0.05, max: 0.4 },
  listing_rate: { min: 0, max: 0.08 },
} satisfies Record<string, Band>;

const LEAST = { listings: 5, companyYears: 100 };

class ListingStatistics {
  private readonly firstDays: number[] = [];
  /** Per company, the index of its first trading day (0: there from the start) and of its last. */
  private readonly spans: [number, number][] = [];

  add({ listing, stock }: Company): void {
    const first = stock.first ?? 0;
    this.spans.push([first, stock.bars.length - 1]);
    if (!listing) return;
    const offer = offerPrice(stock.bars, listing.first);
    this.firstDays.push(stock.bars[listing.first].close / offer - 1);
  }

  /** Listings a company-year, overall and by the regime of their first day. */
  private rates(world: World): { overall: number; years: number; detail: string } {
    const byRegime = new Map<string, { listed: number; days: number }>();
    for (const [first, last] of this.spans) {
      for (let t = first; t <= last; t++) {
        const r = byRegime.get(world.regimes[t]) ?? { listed: 0, days: 0 };
        r.days++;
        if (t === first && first > 0) r.listed++;
        byRegime.set(world.regimes[t], r);
      }
    }
    const all = [...byRegime.values()];
    const days = all.reduce((a, r) => a + r.days, 0);
    const listed = all.reduce((a, r) => a + r.listed, 0);
    const detail = [...byRegime]
      .map(([regime, r]) => `${regime} ${r.listed} over ${Math.round(r.days / 252)} company-years`)
      .join("; ");
    return { overall: listed / (days / 252), years: days / 252, detail };
  }

  checks(world: World): ValidationCheck[] {
    const mean = this.firstDays.reduce((a, x) => a + x, 0) / this.firstDays.length;
    const { overall, years, detail } = this.rates(world);
    return [
      this.firstDays.length < LEAST.listings
        ? skipped(
            FAMILY,
            "first_day_return",
            BANDS.first_day_return,
            "first close over the offering price",
            `fewer than ${LEAST.listings} listings`,
          )
        : bandCheck(
            FAMILY,
            "first_day_return",
            BANDS.first_day_return,
            mean,
            `first close over the offering price, mean of ${this.firstDays.length} listings`,
            true,
          ),
      years < LEAST.companyYears || this.firstDays.length === 0
        ? skipped(
            FAMILY,
            "listing_rate",
            BANDS.listing_rate,
            "new listings a company-year",
            `no listing, or fewer than ${LEAST.companyYears} company-years`,
          )
        : bandCheck(
            FAMILY,
            "listing_rate",
            BANDS.listing_rate,
            overall,
            `new listings a company-year (by the regime of their first day: ${detail})`,
            true,
          ),
    ];
  }
}

/** The listings' statistics over the company pass. */
export function listingStatistics(): Checker<World, Company> {
  const stats = new ListingStatistics();
  return { company: (c) => stats.add(c), finish: (world) => stats.checks(world) };
}
