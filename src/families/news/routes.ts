// News: company (and fund) news, market news, and one article's text. The rules of
// docs/contract.md, "News article": no ticker lists both kinds; a ticker lists its own unless
// include_market adds market news; market_only lists market news alone, whatever the ticker; as_of
// bounds everything.
import { NEWS_SHARDS, newsTextPart } from "./shards.ts";
import { z } from "zod";
import { articleDate, NewsArticle, NewsArticleDetail } from "./rows.ts";
import { asOf, bool, endDate, page, scenarioId, startDate, tickers, withDefault } from "../../contract/params.ts";
import { notFound } from "../../http/errors.ts";
import { jsonArray, jsonObject } from "../../http/json.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { requireOrderedWindow } from "../../http/scenario.ts";

const TAG = "News";

const list = dataRoute({
  path: "/news",
  tag: TAG,
  summary: "News articles",
  description:
    "Newest first, ties by id. Without `ticker`: company, fund and market news. With `ticker`: those companies' (or " +
    "funds') news, plus market news if `include_market=true`. `market_only=true`: market news alone, whatever the " +
    "ticker. Every article reports one event of `/events/timeline` (`source_event_id`) and is visible from its date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only news about these companies or funds", "AAPL"),
      as_of: asOf("articles").optional(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      market_only: withDefault(
        bool({ description: "Only market news (overrides `ticker`).", example: "false" }),
        false,
      ),
      include_market: withDefault(
        bool({ description: "With `ticker`: add market news (no effect without it).", example: "false" }),
        false,
      ),
      ...page(100, 500),
    }),
  },
  response: z.object({ news: z.array(NewsArticle) }),
});

const detail = dataRoute({
  path: "/news/{artifact_id}",
  tag: TAG,
  summary: "One news article, with its text",
  description: "404 when the id is not a news article of the scenario, or the article is not public by `as_of`.",
  request: {
    params: z.object({
      artifact_id: z
        .string()
        .min(1)
        .max(64)
        .meta({ description: "The article's id.", example: "nws_20230504_3f9a1c0b7d2e" }),
    }),
    query: z.object({ scenario_id: scenarioId(), as_of: asOf("articles").optional() }),
  },
  response: z.object({ news_article: NewsArticleDetail }),
});

export function register(app: ApiApp): void {
  serve(
    app,
    list,
    async (q, scenario) => {
      const window = { first: q.start_date, last: q.end_date, offset: q.offset, limit: q.limit };
      const rows = q.market_only
        ? await scenario.newestFirstOfParts(NEWS_SHARDS.news, ["market"], window)
        : q.include_market && q.ticker
          ? await scenario.newestFirstOfParts(
              NEWS_SHARDS.news,
              [...(await scenario.requireTickers(q.ticker)), "market"],
              window,
            )
          : await scenario.newestFirstByTickerOrPeriod(NEWS_SHARDS.news, q.ticker, window);
      return { news: jsonArray<NewsArticle>(rows) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, detail, async (q, scenario) => {
    const date = articleDate(q.artifact_id);
    const notArticle = () => notFound(`News article ${q.artifact_id} not found in scenario`);
    if (!date) throw notArticle();
    const shard = await scenario.dated(NEWS_SHARDS.newsDetail, newsTextPart(date));
    const i = shard ? shard.find(`${date} ${q.artifact_id}`) : -1;
    if (!shard || i < 0) throw notArticle();
    return { news_article: jsonObject<NewsArticleDetail>(shard.json(i, i + 1)) };
  });
}
