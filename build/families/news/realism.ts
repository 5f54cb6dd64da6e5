// The narrative (docs/realism.md, "News"): how much news each size of company gets, how it clusters
// on event days, and whether articles about events of one type read alike. Bands and sources:
// docs/news.md.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { SizeTier } from "../../models/anchors.ts";
import type { ArticleDetail } from "./model.ts";
import type { Checker } from "../../ground/family.ts";
import type { Company, World } from "../registry.ts";
import { bandCheck, skipped } from "../../realism/bands.ts";

const FAMILY = "news";

/** Articles per company-month by size tier (Fang & Peress 2009: coverage rises steeply with size). */
export const COVERAGE_BANDS: Record<SizeTier, { min: number; max: number }> = {
  mega: { min: 1.5, max: 8 },
  large: { min: 0.7, max: 4 },
  mid: { min: 0.25, max: 2 },
  small: { min: 0.05, max: 1 },
};

/** Articles on a results day against a day with no news of the company's own (Tetlock et al. 2008: a spike). */
const CLUSTERING = { min: 5, max: null };
/** Among 100 articles about events of one type: distinct titles, and the bodies' mean pairwise Jaccard. */
const DISTINCT_TITLES = { min: 0.9, max: 1 };
const BODY_JACCARD = { min: 0, max: 0.5 };
const SAMPLE = 100;

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both);
}

/** The statistics of each event type's sample of articles: the SAMPLE with the smallest ids' hashes. */
class Variety {
  private readonly samples = new Map<string, ArticleDetail[]>();

  add(a: ArticleDetail): void {
    const type = a.article_format === "market_move" ? "market_move" : a.event_lineage.event_type;
    const sample = this.samples.get(type) ?? [];
    sample.push(a);
    // Keep the SAMPLE smallest by hash: a spread over companies and dates, whatever order they come in.
    if (sample.length > 2 * SAMPLE) sample.sort(byHash).splice(SAMPLE);
    this.samples.set(type, sample);
  }

  checks(): ValidationCheck[] {
    const full = [...this.samples.entries()]
      .map(([type, s]) => [type, s.sort(byHash).slice(0, SAMPLE)] as const)
      .filter(([, s]) => s.length === SAMPLE)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    if (full.length === 0) {
      const why = `no event type has ${SAMPLE} articles`;
      return [
        skipped(FAMILY, "news_distinct_titles", DISTINCT_TITLES, "distinct titles among 100 articles of a type", why),
        skipped(FAMILY, "news_body_jaccard", BODY_JACCARD, "mean pairwise Jaccard of bodies", why),
      ];
    }
    const shares = full.map(([type, s]) => [type, new Set(s.map((a) => a.title)).size / s.length] as const);
    const [leastType, distinct] = shares.reduce((a, b) => (b[1] < a[1] ? b : a));
    let jac = 0;
    for (const [, s] of full) {
      const sets = s.map((a) => words(a.text));
      let sum = 0;
      let pairs = 0;
      for (let i = 0; i < sets.length; i++)
        for (let j = i + 1; j < sets.length; j++, pairs++) sum += jaccard(sets[i], sets[j]);
      jac = Math.max(jac, sum / pairs);
    }
    const types = full.map(([t]) => t).join(", ");
    return [
      bandCheck(
        FAMILY,
        "news_distinct_titles",
        DISTINCT_TITLES,
        distinct,
        `least share of distinct titles among ${SAMPLE} articles of one type (${leastType}; of ${types})`,
        true,
      ),
      bandCheck(
        FAMILY,
        "news_body_jaccard",
        BODY_JACCARD,
        jac,
        `largest mean pairwise Jaccard of body word sets among ${SAMPLE} articles of one type (${types})`,
      ),
    ];
  }
}

const byHash = (a: ArticleDetail, b: ArticleDetail) => {
  const [x, y] = [a.artifact_id.slice(-12), b.artifact_id.slice(-12)];
  return x < y ? -1 : x > y ? 1 : 0;
};

export function newsStatistics(days: string[]): Checker<World, Company> {
  const months = Math.max(1, days.length / 21);
  const perTier = new Map<SizeTier, { companies: number; articles: number }>();
  let resultsDays = 0;
  let resultsArticles = 0;
  let quietDays = 0;
  let quietArticles = 0;
  const variety = new Variety();
  return {
    company: ({ sizeTier, news, events }) => {
      const t = perTier.get(sizeTier) ?? { companies: 0, articles: 0 };
      t.companies++;
      t.articles += news.length;
      perTier.set(sizeTier, t);
      const perDay = new Map<string, number>();
      for (const a of news) {
        perDay.set(a.date, (perDay.get(a.date) ?? 0) + 1);
        variety.add(a);
      }
      const eventDays = new Set(events.map((e) => e.event_date));
      const results = new Set(events.filter((e) => e.event_type === "earnings_release").map((e) => e.event_date));
      resultsDays += results.size;
      for (const d of results) resultsArticles += perDay.get(d) ?? 0;
      for (const d of days) {
        if (eventDays.has(d)) continue;
        quietDays++;
        quietArticles += perDay.get(d) ?? 0;
      }
    },
    finish: (world) => {
      for (const a of world.marketNews) variety.add(a);
      const coverage = (["mega", "large", "mid", "small"] as const).map((tier) => {
        const t = perTier.get(tier);
        const name = `news_coverage_${tier}`;
        const what = `articles per company-month, ${tier} caps`;
        return t
          ? bandCheck(
              FAMILY,
              name,
              COVERAGE_BANDS[tier],
              t.articles / t.companies / months,
              `${what} (${t.companies} companies)`,
            )
          : skipped(FAMILY, name, COVERAGE_BANDS[tier], what, `no ${tier} cap in the universe`);
      });
      const ratio = resultsArticles / Math.max(1, resultsDays) / (quietArticles / Math.max(1, quietDays));
      return [
        ...coverage,
        bandCheck(
          FAMILY,
          "news_results_day_clustering",
          CLUSTERING,
          ratio,
          "articles on a results day over a day without the company's own news",
          false,
          "no article on a quiet day",
        ),
        ...variety.checks(),
      ];
    },
  };
}
