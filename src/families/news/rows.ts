// News articles (docs/contract.md, "News article"): rows as listed, and the detail with its text.
// Rows also carry the fields financialdatasets clients read (`date`, `url`, `image_url`,
// `sentiment`).
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

const strings = (description: string, example: string[]) => field(z.array(z.string()), description, example);

export const NewsArticle = z
  .object({
    date: day("Publication date."),
    artifact_id: field(
      z.string(),
      "Identifier (`nws_<yyyymmdd>_<hash>`): `/news/{artifact_id}` serves its text.",
      "nws_20230504_3f9a1c0b7d2e",
    ),
    ticker: field(z.string().nullable(), "The company or fund it is about; null for market news.", "AAPL"),
    artifact_type: field(
      z.enum(["news_article", "market_news_article"]),
      "Company (or fund) news, or market news.",
      "news_article",
    ),
    title: field(z.string(), "Headline.", "Apple posts quarterly EPS of $1.52"),
    source: field(z.string(), "The outlet (invented).", "Corvane Wire"),
    author: field(z.string(), "The reporter (invented).", "Avery Dalberth"),
    summary: field(z.string(), "The article's first paragraph."),
    url: field(
      z.string(),
      "Where it would live: always a reserved example domain.",
      "https://corvane-wire.example/2023/05/04/apple-posts-quarterly-eps-of-1-52-1c0b7d",
    ),
    image_url: field(z.string().nullable(), "Always null: articles have no images.", null),
    visible_from: day("First date an as_of query sees it (its publication date)."),
    sentiment: field(
      z.enum(["positive", "negative", "neutral"]),
      "Tone, from the sign of its public facts: the EPS surprise for results, the event's own summary for other news, the day's move for market-move stories.",
      "positive",
    ),
    entities: strings("Companies, people and institutions it names.", ["Apple Inc."]),
    mentioned_tickers: strings("Tickers it is about.", ["AAPL"]),
    mentioned_metrics: strings("Metrics whose values it states.", ["earnings_per_share", "revenue"]),
    source_event_id: field(z.string(), "The event it reports (`/events/timeline`).", "evt_89bce83a69bffb07fd0d"),
    event_lineage: field(
      z.object({
        event_id: z.string(),
        event_type: z.string(),
        event_date: z.string(),
        visible_from: z.string(),
        records: z.array(z.string()),
      }),
      "Its cause, and the records whose numbers it states (`earnings <accession_number>`, `prices <ticker> <date>`, `macro <date>`).",
    ),
    article_format: field(z.enum(["wire", "analysis", "brief", "market_move"]), "Kind of article.", "wire"),
  })
  .meta({ id: "NewsArticle", description: "A news article about one event of the timeline." });

export const NewsArticleDetail = NewsArticle.extend({
  text: field(z.string(), "The body: paragraphs separated by blank lines."),
  validation: field(
    z.object({ numbers: z.array(z.string()), facts_from: z.array(z.string()), cause_visible_from: z.string() }),
    "What the build checked: the numbers the text states (each one of its records' numbers), the records, and when its cause became public.",
  ),
}).meta({ id: "NewsArticleDetail", description: "A news article with its text." });

/** An article id: `nws_`, its date (`yyyymmdd`, the month of its detail's shard) and a 12-hex hash. */
const ARTICLE_ID = /^nws_(\d{4})(\d{2})(\d{2})_[0-9a-f]{12}$/;

/** The date an article id carries, or undefined for what is no article id. */
export function articleDate(id: string): string | undefined {
  const m = ARTICLE_ID.exec(id);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

export type NewsArticle = z.infer<typeof NewsArticle>;
export type NewsArticleDetail = z.infer<typeof NewsArticleDetail>;
