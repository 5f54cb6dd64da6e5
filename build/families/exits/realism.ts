// The exits against their bands (docs/realism.md, "Exits"): how often companies leave, by cause and
// size tier; what a takeover pays and how deals end; how a failing company's shares fall. Measured on
// the served rows (bars, corporate actions, events), never on the hidden plan.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { median } from "../../models/statistics.ts";
import type { Checker } from "../../ground/family.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import type { Company, World } from "../registry.ts";

const FAMILY = "realism_exits";

/** The bands, and the least sample each is judged on (docs/realism.md, "Exits"). */
const BANDS = {
  takeover_rate: { min: 0.01, max: 0.06 },
  failure_rate: { min: 0, max: 0.01 },
  exit_rate: { min: 0.015, max: 0.07 },
  takeover_premium: { min: 0.15, max: 0.55 },
  deal_completion: { min: 0.8, max: 0.98 },
  days_to_close: { min: 40, max: 180 },
  year_before_failure: { min: -0.97, max: -0.5 },
  delisting_return: { min: -0.9, max: -0.2 },
  acquirer_announcement_return: { min: -0.04, max: 0.02 },
} satisfies Record<string, Band>;

// A share near the band's top is judged on enough deals: with 92% closing, all of 23 close in one
// world of seven (0.92^23 = 0.15), of 40 in one of thirty.
const LEAST = { companyYears: 100, deals: 8, endedDeals: 40, failures: 3, buyers: 5 };

class ExitStatistics {
  private companyYears = 0;
  private readonly yearsByTier = new Map<SizeTier, number>();
  private readonly leftByTier = new Map<SizeTier, { acquired: number; bankruptcy: number }>();
  private readonly premiums: number[] = [];
  private readonly daysToClose: number[] = [];
  private ended = { completed: 0, terminated: 0 };
  private readonly yearBefore: number[] = [];
  private readonly delisting: number[] = [];
  private readonly buyerMoves: number[] = [];

  add({ sizeTier, stock, events, dealTerms }: Company): void {
    const { bars, actions } = stock;
    // A company that lists inside the world counts from its first day.
    const years = Math.max(0, bars.length - (stock.first ?? 0)) / 252;
    this.companyYears += years;
    this.yearsByTier.set(sizeTier, (this.yearsByTier.get(sizeTier) ?? 0) + years);
    const day = new Map(bars.map((b, i) => [b.time, i]));
    const left = this.leftByTier.get(sizeTier) ?? { acquired: 0, bankruptcy: 0 };
    for (const a of actions) {
      if (a.action_type === "acquisition") left.acquired++;
      if (a.action_type === "delisting") left.bankruptcy++;
    }
    this.leftByTier.set(sizeTier, left);
    const agreements = events.filter((e) => e.event_type === "merger_agreement");
    for (const e of events) {
      if (e.event_type === "merger_terminated") this.ended.terminated++;
      if (e.event_type !== "merger_completed") continue;
      this.ended.completed++;
      const agreed = agreements.filter((x) => x.event_date < e.event_date).at(-1);
      const from = agreed && day.get(agreed.event_date);
      const to = day.get(e.event_date);
      // A buyer of the world's offer is valued at its terms (cash, and its shares at its close before).
      const terms = dealTerms.find((t) => t.announced === agreed?.event_date);
      const offer = terms
        ? terms.cash_per_share + terms.exchange_ratio * terms.buyerBefore
        : (actions.find((a) => a.action_type === "acquisition")?.details.cash_per_share as number | undefined);
      if (from === undefined || to === undefined || from < 1 || offer === undefined) continue;
      this.daysToClose.push(to - from);
      // The offer over the last close before the announcement (splits in between are rare: ignored).
      this.premiums.push(offer / bars[from - 1].close - 1);
    }
    // A buyer of the world's move on the day it announced a deal (released before the open).
    for (const e of events) {
      const t = e.event_type === "acquisition_agreement" ? day.get(e.event_date) : undefined;
      if (t !== undefined && t > 0) this.buyerMoves.push(bars[t].close / bars[t - 1].close - 1);
    }
    const filing = events.find((e) => e.event_type === "bankruptcy_filing");
    const filed = filing && day.get(filing.event_date);
    if (filed !== undefined && filed > 0 && actions.some((a) => a.action_type === "delisting")) {
      if (filed > 250) this.yearBefore.push(bars[filed - 1].adjusted_close / bars[filed - 251].adjusted_close - 1);
      this.delisting.push(bars.at(-1)!.close / bars[filed - 1].close - 1);
    }
  }

  /** Each tier's exits a company-year, by cause, for the details. */
  private byTier(): string {
    return [...this.yearsByTier]
      .map(([tier, years]) => {
        const left = this.leftByTier.get(tier)!;
        const rate = (n: number) => `${((100 * n) / years).toFixed(1)}%`;
        return `${tier} ${rate(left.acquired)} acquired, ${rate(left.bankruptcy)} failed over ${Math.round(years)}`;
      })
      .join("; ");
  }

  /**
   * The rates' bands are for the documented rates: a theme that asks for a multiple of them (a merger
   * wave's takeovers, a default wave's failures) is judged against the band times its multiple.
   */
  checks({ exitMultiples: m }: World): ValidationCheck[] {
    const sum = (cause: "acquired" | "bankruptcy") =>
      [...this.leftByTier.values()].reduce((a, left) => a + left[cause], 0);
    const years = this.companyYears;
    const scaled = (band: Band, low: number, high: number): Band => ({
      min: band.min === null ? null : band.min * low,
      max: band.max === null ? null : band.max * high,
    });
    const rateBands = {
      takeover_rate: scaled(BANDS.takeover_rate, m.takeovers, m.takeovers),
      failure_rate: scaled(BANDS.failure_rate, m.failures, m.failures),
      exit_rate: scaled(BANDS.exit_rate, Math.min(m.takeovers, m.failures), Math.max(m.takeovers, m.failures)),
    };
    const perYear = (name: keyof typeof rateBands, n: number, what: string) =>
      m.takeovers === 0 && m.failures === 0
        ? skipped(FAMILY, name, rateBands[name], what, "the scenario asks for no exits")
        : years < LEAST.companyYears
          ? skipped(FAMILY, name, rateBands[name], what, `fewer than ${LEAST.companyYears} company-years`)
          : bandCheck(
              FAMILY,
              name,
              rateBands[name],
              n / years,
              `${what} over ${Math.round(years)} company-years (by tier: ${this.byTier()})`,
              true,
            );
    const sample = (name: keyof typeof BANDS, values: number[], least: number, what: string, pct = true) =>
      values.length < least
        ? skipped(FAMILY, name, BANDS[name], what, `fewer than ${least}`)
        : bandCheck(FAMILY, name, BANDS[name], median(values), `${what}, median of ${values.length}`, pct);
    const ended = this.ended.completed + this.ended.terminated;
    return [
      perYear("takeover_rate", sum("acquired"), "takeovers closed a company-year"),
      perYear("failure_rate", sum("bankruptcy"), "failures a company-year"),
      perYear("exit_rate", sum("acquired") + sum("bankruptcy"), "companies leaving a company-year"),
      sample("takeover_premium", this.premiums, LEAST.deals, "offer over the close before the announcement"),
      ended < LEAST.endedDeals
        ? skipped(
            FAMILY,
            "deal_completion",
            BANDS.deal_completion,
            "share of ended deals that closed",
            `fewer than ${LEAST.endedDeals}`,
          )
        : bandCheck(
            FAMILY,
            "deal_completion",
            BANDS.deal_completion,
            this.ended.completed / ended,
            `share of ${ended} ended deals that closed`,
            true,
          ),
      sample("days_to_close", this.daysToClose, LEAST.deals, "trading days from announcement to close", false),
      sample(
        "year_before_failure",
        this.yearBefore,
        LEAST.failures,
        "total return in the year before a Chapter 11 filing",
      ),
      sample(
        "delisting_return",
        this.delisting,
        LEAST.failures,
        "last close over the close before the filing, less one",
      ),
      sample(
        "acquirer_announcement_return",
        this.buyerMoves,
        LEAST.buyers,
        "a buyer of the world's return on the day it announced its deal",
      ),
    ];
  }
}

/** The exits' statistics over the company pass. */
export function exitStatistics(): Checker<World, Company> {
  const stats = new ExitStatistics();
  return { company: (c) => stats.add(c), finish: (world) => stats.checks(world) };
}
