// The news family's shards: articles as listed, and their texts by day.
import { identity, kind, perPart } from "../../bundle/shards.ts";
import { NewsArticle } from "./rows.ts";

/** A news article's listed fields (NewsArticle's, in its order: the date first, the shard key, and the id second, for ties). */
export const NEWS_COLUMNS = Object.keys(NewsArticle.shape) as (keyof NewsArticle)[];

export const NEWS_SHARDS = {
  /**
   * News as listed: per ticker (company and fund news), `market` (market news), and per month of
   * every article (`all/2023-06`), by date then id. Each row's JSON is the listed article.
   */
  news: kind(perPart("news"), NEWS_COLUMNS, { visible: "key", period: "month", served: identity }),
  /**
   * Per day (`2023-06-30`, newsTextPart): every article with its `text` and `validation`, keyed by date
   * then id, so a detail is found by its id (whose date names the part). The text is stored once, here.
   */
  newsDetail: kind(perPart("news-text"), ["key", ...NEWS_COLUMNS, "text", "validation"], {
    visible: "key",
    served: { hidden: ["key"] },
  }),
} as const;

/**
 * The detail shard of an article's date: its day. A month of a 500-company world's stories runs to
 * 12 MB and the last third of a July, in the season of results, to 9 MB; a day stays well under the
 * 8 MB an object may hold.
 */
export const newsTextPart = (date: string): string => date;
