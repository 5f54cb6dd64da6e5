// Earnings and analysts (docs/realism.md, "Earnings and analysts"): earnings surprises and the
// price's reaction to them, the drift after, the consensus walking down, analysts' coverage and
// ratings, and guidance against the consensus.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import type { KpiGuidance } from "../../../src/families/earnings/rows.ts";
import { periodEstimates, splitMultipleByDate, type PeriodEstimate } from "./family.ts";
import { groupBy } from "../../ground/rows.ts";
import type { Stock } from "../stocks/family.ts";
import { mean, median, sd } from "../../models/statistics.ts";
import type { Checker } from "../../ground/family.ts";
import type { Company, World } from "../registry.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";

/** Fewer releases than this say little about a share of 5%. */
const MIN_RELEASES = 100;

/** 55-70% of guidance is below the consensus (FactSet; docs/realism.md, "Earnings and analysts"). */
const NEGATIVE_GUIDANCE: Band = { min: 0.55, max: 0.7 };
const MIN_GUIDANCE = 30;

/**
 * For each EPS guidance with a consensus of its fiscal year the day before: whether its midpoint is
 * below that consensus (each analyst's latest annual estimate, on the issue day's splits).
 */
function guidanceAgainstConsensus(
  guidance: KpiGuidance[],
  estimates: PublishedEstimates[],
  stock: Stock["stock"],
): boolean[] {
  const splitsOn = splitMultipleByDate(stock);
  // Annual EPS estimates by fiscal year, in publication order.
  const byYear = groupBy(periodEstimates(estimates, "annual"), (e) => e.fiscal_period);
  return guidance.flatMap((g) => {
    if (g.metric_name !== "earnings_per_share" || g.point_estimate === null) return [];
    const latest = new Map<string, PeriodEstimate>();
    for (const e of byYear.get(g.period) ?? []) if (e.estimate_date < g.issued_date) latest.set(e.firm, e);
    if (!latest.size) return [];
    const basis = splitsOn.get(g.issued_date)!;
    const consensus = mean([...latest.values()].map((e) => (e.eps * splitsOn.get(e.estimate_date)!) / basis));
    return [g.point_estimate < consensus];
  });
}

/** The earnings and analysts statistics over every release: surprises, reactions, analysts. */
export class EarningsTally {
  private surprises: number[] = [];
  private actual = 0;
  private expected = 0;
  /** 4-day returns (the close before the reaction to three days after), by verdict. */
  private beats: number[] = [];
  private misses: number[] = [];
  /** Reaction-day return and surprise, and the 60 days after, for large surprises. */
  private signs: { surprise: number; reaction: number }[] = [];
  private dayMoves: number[] = [];
  private normalMoves: number[] = [];
  private drifts: { surprise: number; drift: number }[] = [];
  private walks: number[] = [];
  private coverage: number[] = [];
  private ratings = { buy: 0, hold: 0, sell: 0 };
  /** Large and mega caps' releases, and those that came with guidance. */
  private largeReleases = 0;
  private guided = 0;
  /** Large and mega caps' EPS guidance, each below the full-year consensus of the day before or not. */
  private belowConsensus: boolean[] = [];

  add({ earnings, estimates, events, guidance, stock, sizeTier }: Company): void {
    const close = stock.bars.map((b) => b.adjusted_close);
    // A company that lists inside the world is measured from its first public bar.
    const first = stock.first ?? 0;
    // The market and sector factors' log returns summed to each day: the drift is measured net of them.
    const factors: number[] = [];
    stock.bars.forEach((b, t) => factors.push((factors[t - 1] ?? 0) + b.market_return + b.sector_return));
    const reactionDay = new Map(
      events.filter((e) => e.event_type === "earnings_release").map((e) => [e.event_id, e.effect.reactionDay]),
    );
    for (const row of earnings) {
      const pct = row.quarterly.eps_surprise_pct;
      if (pct === null) continue;
      this.surprises.push(pct);
      this.actual += row.quarterly.net_income;
      this.expected += row.quarterly.estimated_earnings_per_share! * row.quarterly.weighted_average_shares;
      const d = reactionDay.get(row.source_event_id)!;
      if (d < first + 1 || d + 63 >= close.length) continue;
      const four = close[d + 3] / close[d - 1] - 1;
      if (row.signals.eps_surprise === "beat") this.beats.push(four);
      if (row.signals.eps_surprise === "miss") this.misses.push(four);
      const reaction = close[d] / close[d - 1] - 1;
      this.signs.push({ surprise: pct, reaction });
      this.dayMoves.push(Math.abs(reaction));
      this.drifts.push({
        surprise: pct,
        drift: Math.exp(Math.log(close[d + 63] / close[d + 3]) - (factors[d + 63] - factors[d + 3])) - 1,
      });
    }
    for (let t = first + 1; t < close.length; t++) this.normalMoves.push(Math.abs(close[t] / close[t - 1] - 1));
    // The walk-down: the quarter's EPS consensus on its first estimate day against the day before the release.
    const perQuarter = groupBy(periodEstimates(estimates, "quarterly"), (e) => e.report_period);
    for (const row of earnings) {
      const list = perQuarter.get(row.report_period) ?? [];
      const opening = list.filter((e) => e.estimate_date === list[0]?.estimate_date);
      if (!opening.length || opening[0].reason !== "post_earnings" || !row.quarterly.estimated_earnings_per_share)
        continue;
      const start = mean(opening.map((e) => e.eps));
      if (Math.abs(start) >= 0.1)
        this.walks.push((row.quarterly.estimated_earnings_per_share - start) / Math.abs(start));
    }
    if (sizeTier === "mega" || sizeTier === "large") {
      this.coverage.push(new Set(estimates.map((e) => e.firm)).size);
      this.largeReleases += earnings.length;
      this.guided += guidance.filter((g) => g.metric_name === "earnings_per_share").length;
      this.belowConsensus.push(...guidanceAgainstConsensus(guidance, estimates, stock));
    }
    const latest = new Map<string, PublishedEstimates>();
    for (const e of estimates) latest.set(e.firm, e);
    for (const e of latest.values()) this.ratings[e.rating]++;
  }

  checks(): ValidationCheck[] {
    return [...this.surpriseChecks(), ...this.reactionChecks(), ...this.analystChecks(), ...this.guidanceChecks()];
  }

  /** A band on every release's statistics, skipped with too few releases. */
  private band(name: string, b: Band, value: number, what: string, pct = true): ValidationCheck {
    const n = this.surprises.length;
    return n < MIN_RELEASES
      ? skipped("realism_tier3", name, b, what, `${n} releases, fewer than ${MIN_RELEASES}`)
      : bandCheck("realism_tier3", name, b, value, `${what}, ${n} releases`, pct);
  }

  /** How often and by how much releases beat the consensus. */
  private surpriseChecks(): ValidationCheck[] {
    return [
      this.band(
        "earnings_beat_rate",
        { min: 0.65, max: 0.8 },
        share(this.surprises, (s) => s > 0),
        "share of releases with EPS above consensus",
      ),
      this.band(
        "earnings_in_line_rate",
        { min: 0.02, max: 0.1 },
        share(this.surprises, (s) => s === 0),
        "share with EPS equal to the consensus",
      ),
      this.band(
        "aggregate_surprise",
        { min: 0.02, max: 0.09 },
        this.actual / this.expected - 1,
        "sum of net income over sum of consensus",
      ),
    ];
  }

  /** The price's reaction to surprises, its size against a normal day's, and the drift after. */
  private reactionChecks(): ValidationCheck[] {
    const large = this.signs.filter((s) => Math.abs(s.surprise) >= 0.1);
    const sorted = [...this.drifts].sort((a, b) => a.surprise - b.surprise);
    const decile = Math.floor(sorted.length / 10);
    const [top, bottom] = [sorted.slice(-decile), sorted.slice(0, decile)].map((list) => list.map((d) => d.drift));
    const drift = mean(top) - mean(bottom);
    // A world's drift is noisy (60 days of a stock's own moves, a few hundred releases a decile):
    // the band widens by two standard errors, so only a drift the world could trade on fails.
    const driftError = Math.sqrt((sd(top) ** 2 + sd(bottom) ** 2) / Math.max(1, decile));
    return [
      this.band("beat_reaction", { min: 0.005, max: 0.02 }, mean(this.beats), "mean 4-day return after beats"),
      this.band("miss_reaction", { min: -0.035, max: -0.015 }, mean(this.misses), "mean 4-day return after misses"),
      this.band(
        "surprise_reaction_sign",
        { min: 0.55, max: 0.65 },
        agree(this.signs),
        "share of reaction days moving with the surprise",
      ),
      this.band(
        "large_surprise_reaction_sign",
        { min: 0.6, max: null },
        agree(large),
        `share for surprises beyond 10% (${large.length})`,
      ),
      this.band(
        "earnings_day_move",
        { min: 0.03, max: 0.06 },
        mean(this.dayMoves),
        "mean absolute reaction-day return",
      ),
      this.band(
        "earnings_day_move_ratio",
        { min: 2, max: 4 },
        mean(this.dayMoves) / mean(this.normalMoves),
        "over a normal day's",
        false,
      ),
      this.band(
        "post_earnings_drift",
        { min: -0.01 - 2 * driftError, max: 0.01 + 2 * driftError },
        drift,
        "60-day return net of the market and sector factors after the top surprise decile, less the bottom's " +
          `(REALISM's band -1% to +1%, widened by two standard errors of ${(100 * driftError).toFixed(2)}%)`,
      ),
    ];
  }

  /** The consensus walking down, analysts' coverage of large caps, and their ratings. */
  private analystChecks(): ValidationCheck[] {
    const rated = this.ratings.buy + this.ratings.hold + this.ratings.sell;
    return [
      this.band(
        "estimate_walk_down",
        { min: -0.05, max: -0.02 },
        median(this.walks),
        "median change of the EPS consensus over the quarter",
      ),
      this.band(
        "large_cap_coverage",
        { min: 10, max: 40 },
        mean(this.coverage),
        "mean analysts per large or mega cap",
        false,
      ),
      this.band("buy_rating_share", { min: 0.45, max: 0.6 }, this.ratings.buy / rated, "share of buy ratings"),
      this.band("sell_rating_share", { min: 0, max: 0.1 }, this.ratings.sell / rated, "share of sell ratings"),
    ];
  }

  /** How often large caps guide, and how often below the consensus. */
  private guidanceChecks(): ValidationCheck[] {
    const withConsensus = this.belowConsensus.length;
    return [
      this.band(
        "large_cap_guidance_share",
        { min: 0.1, max: 0.3 },
        this.guided / this.largeReleases,
        "share of large caps' releases with guidance",
      ),
      withConsensus < MIN_GUIDANCE
        ? skipped(
            "realism_tier3",
            "negative_guidance_share",
            NEGATIVE_GUIDANCE,
            "share of EPS guidance below the full-year consensus",
            `${withConsensus} guidance rows with a consensus, fewer than ${MIN_GUIDANCE}`,
          )
        : bandCheck(
            "realism_tier3",
            "negative_guidance_share",
            NEGATIVE_GUIDANCE,
            this.belowConsensus.filter(Boolean).length / withConsensus,
            `share of large caps' EPS guidance below the full-year consensus of the day before, ${withConsensus} with one`,
            true,
          ),
    ];
  }
}

/** The share of `x` that `keep` keeps. */
const share = (x: number[], keep: (v: number) => boolean) => x.filter(keep).length / x.length;

/** The share of reactions that moved with their surprise's sign. */
const agree = (list: { surprise: number; reaction: number }[]) =>
  share(
    list.map((s) => Math.sign(s.surprise) * Math.sign(s.reaction)),
    (v) => v > 0,
  );

/** Earnings and analysts (realism tier 3) over the company pass. */
export function earningsAndAnalysts(): Checker<World, Company> {
  const tally = new EarningsTally();
  return { company: (company) => tally.add(company), finish: () => tally.checks() };
}
