// The narrative (docs/realism.md, "News"): how much news each size of company gets, how it clusters
// on event days, and whether articles about events of one type read alike. Bands and sources:
// docs/news.md.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { SizeTier } from "../../models/anchors.ts";
import type { ArticleDetail } from "./model.ts";
import type { Checker } from "../../ground/family.ts";
import type { Company, World } from "../registry.ts";
import { bandCheck, skipped } from "../../realism/bands.ts";
import { largestResemblance, typeTokenRatio } from "../../realism/text.ts";
import { wordCount } from "../../models/artifacts.ts";
import { median } from "../../models/statistics.ts";

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
/** Over a scenario, the least share of distinct titles among the articles of one event type (types with 20 or more). */
export const DISTINCT_TITLES = { min: 0.95, max: 1 };
const TITLED_TYPE = 20;
/** Among 100 articles about events of one type: the bodies' mean pairwise Jaccard of word sets. */
const BODY_JACCARD = { min: 0, max: 0.5 };
const SAMPLE = 100;

/** Words (title and text) of an article by format: docs/news.md, "Length", gives the sources. */
export const WORDS_BY_FORMAT: Record<ArticleDetail["article_format"], { min: number; max: number }> = {
  brief: { min: 80, max: 200 },
  market_move: { min: 80, max: 200 },
  wire: { min: 250, max: 600 },
  analysis: { min: 600, max: 1500 },
};
/** The largest share of word 5-grams two articles of a sample share (Jaccard of shingles): well under near-duplicates (0.5). */
export const FIVE_GRAM_RESEMBLANCE = { min: 0, max: 0.25 };
/** Distinct words among an article's first 100: Reuters news stories measure 0.55-0.80 (docs/news.md). */
export const TTR_100 = { min: 0.55, max: 0.8 };

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
        skipped(FAMILY, "news_body_jaccard", BODY_JACCARD, "mean pairwise Jaccard of bodies", why),
        skipped(FAMILY, "news_five_gram_resemblance", FIVE_GRAM_RESEMBLANCE, "largest 5-gram resemblance", why),
      ];
    }
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
    const resemblances = full.map(([type, s]) => [type, largestResemblance(s.map((a) => a.text)).value] as const);
    const [mostType, most] = resemblances.reduce((a, b) => (b[1] > a[1] ? b : a));
    return [
      bandCheck(
        FAMILY,
        "news_five_gram_resemblance",
        FIVE_GRAM_RESEMBLANCE,
        most,
        `largest share of word 5-grams two of ${SAMPLE} articles of one type share (${mostType}; of ${types})`,
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

/** Lengths by format, titles by event type over the whole scenario, and vocabulary richness. */
class TextShape {
  private readonly words = new Map<ArticleDetail["article_format"], number[]>();
  private readonly titles = new Map<string, { all: number; distinct: Set<string> }>();
  private readonly ttr: number[] = [];

  add(a: ArticleDetail): void {
    const format = this.words.get(a.article_format) ?? [];
    format.push(wordCount(a.title) + wordCount(a.text));
    this.words.set(a.article_format, format);
    const type = a.article_format === "market_move" ? "market_move" : a.event_lineage.event_type;
    const t = this.titles.get(type) ?? { all: 0, distinct: new Set<string>() };
    t.all++;
    t.distinct.add(a.title);
    this.titles.set(type, t);
    const r = typeTokenRatio(a.text);
    if (r !== null) this.ttr.push(r);
  }

  checks(): ValidationCheck[] {
    const lengths = (Object.keys(WORDS_BY_FORMAT) as ArticleDetail["article_format"][]).map((format) => {
      const v = this.words.get(format);
      const name = `news_words_${format}`;
      const what = `median words of ${format} articles`;
      return v
        ? bandCheck(FAMILY, name, WORDS_BY_FORMAT[format], median(v), `${what} (${v.length} articles)`)
        : skipped(FAMILY, name, WORDS_BY_FORMAT[format], what, `no ${format} article`);
    });
    const titled = [...this.titles].filter(([, t]) => t.all >= TITLED_TYPE).sort(([a], [b]) => (a < b ? -1 : 1));
    const what = `least share of distinct titles among one event type's articles (types with ${TITLED_TYPE} or more)`;
    const titles =
      titled.length === 0
        ? skipped(FAMILY, "news_distinct_titles", DISTINCT_TITLES, what, `no type has ${TITLED_TYPE} articles`)
        : (() => {
            const [type, t] = titled.reduce((a, b) =>
              b[1].distinct.size / b[1].all < a[1].distinct.size / a[1].all ? b : a,
            );
            return bandCheck(
              FAMILY,
              "news_distinct_titles",
              DISTINCT_TITLES,
              t.distinct.size / t.all,
              `${what}: ${type}, ${t.all} articles`,
              true,
            );
          })();
    const ttr =
      this.ttr.length === 0
        ? skipped(
            FAMILY,
            "news_type_token_ratio",
            TTR_100,
            "median type-token ratio at 100 words",
            "no article of 100 words",
          )
        : bandCheck(
            FAMILY,
            "news_type_token_ratio",
            TTR_100,
            median(this.ttr),
            `median type-token ratio of the first 100 words (${this.ttr.length} articles)`,
          );
    return [...lengths, titles, ttr];
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
  const text = new TextShape();
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
        text.add(a);
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
      for (const a of world.marketNews) {
        variety.add(a);
        text.add(a);
      }
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
        ...text.checks(),
      ];
    },
  };
}
