// News: the contract's rules on ticker, market_only and include_market (docs/contract.md, "News article"), the horizon, paging, and an
// article's text agreeing with the records it reports.
import { describe, expect, it } from "vitest";
import { body, get, MEGACAP } from "../e2e/client.ts";

const N = `/news?scenario_id=${MEGACAP}`;

interface Article {
  artifact_id: string;
  ticker: string | null;
  artifact_type: string;
  date: string;
  visible_from: string;
  sentiment: string;
  url: string;
  source_event_id: string;
  title: string;
}

const newestFirst = (list: Article[]) =>
  list.every(
    (a, i) =>
      i === 0 || list[i - 1].date > a.date || (list[i - 1].date === a.date && list[i - 1].artifact_id > a.artifact_id),
  );

describe("news", () => {
  it("lists a company's articles newest first, each pointing at an event of its timeline", async () => {
    const { news } = (await body(`${N}&ticker=aapl&limit=500`)) as { news: Article[] };
    expect(news.length).toBeGreaterThan(8);
    expect(newestFirst(news)).toBe(true);
    expect(news.every((a) => a.ticker === "AAPL" && a.artifact_type === "news_article")).toBe(true);
    const { events } = await body(`/events/timeline?scenario_id=${MEGACAP}&ticker=AAPL&limit=500`);
    const ids = new Set(events.map((e: { event_id: string }) => e.event_id));
    expect(news.every((a) => ids.has(a.source_event_id))).toBe(true);
    expect(news.every((a) => ["positive", "negative", "neutral"].includes(a.sentiment))).toBe(true);
    expect(news.every((a) => new URL(a.url).hostname.endsWith(".example"))).toBe(true);
  });

  it("follows the contract's rules: no ticker lists both kinds, include_market adds market news, market_only overrides ticker", async () => {
    const all = ((await body(`${N}&limit=500`)) as { news: Article[] }).news;
    expect(new Set(all.map((a) => a.artifact_type))).toEqual(new Set(["news_article", "market_news_article"]));
    expect(newestFirst(all)).toBe(true);
    const market = ((await body(`${N}&market_only=true&ticker=AAPL&limit=500`)) as { news: Article[] }).news;
    expect(market.length).toBeGreaterThan(10);
    expect(market.every((a) => a.ticker === null && a.artifact_type === "market_news_article")).toBe(true);
    const aapl = ((await body(`${N}&ticker=AAPL&limit=500`)) as { news: Article[] }).news;
    const both = ((await body(`${N}&ticker=AAPL&include_market=true&limit=500`)) as { news: Article[] }).news;
    expect(both.length).toBe(aapl.length + market.length);
    expect(newestFirst(both)).toBe(true);
    expect(((await body(`${N}&include_market=true&limit=500`)) as { news: Article[] }).news).toEqual(all);
  });

  it("shows nothing after as_of and pages the list", async () => {
    const asOf = "2023-06-30";
    const mid = ((await body(`${N}&as_of=${asOf}&limit=500`)) as { news: Article[] }).news;
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.every((a) => a.visible_from <= asOf && a.date === a.visible_from)).toBe(true);
    const walked: Article[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = (
        (await body(`${N}&as_of=${asOf}&ticker=MSFT&include_market=true&limit=7&offset=${offset}`)) as {
          news: Article[];
        }
      ).news;
      walked.push(...page);
      if (page.length < 7) break;
    }
    expect(walked).toEqual(
      ((await body(`${N}&as_of=${asOf}&ticker=MSFT&include_market=true&limit=500`)) as { news: Article[] }).news,
    );
  });

  it("serves an article's text, whose numbers are those of /earnings, and 404s before it is public", async () => {
    const { news } = (await body(`${N}&ticker=AAPL&limit=500`)) as { news: Article[] };
    const results = news.filter((a) => a.title.includes("EPS $"));
    expect(results.length).toBeGreaterThan(0);
    const a = results[0];
    const { news_article } = await body(`/news/${a.artifact_id}?scenario_id=${MEGACAP}`);
    expect(news_article).toMatchObject(a);
    expect(news_article.text.split("\n\n").length).toBeGreaterThanOrEqual(3);
    const { earnings } = await body(`/earnings?scenario_id=${MEGACAP}&ticker=AAPL&limit=500`);
    const row = earnings.find((e: { source_event_id: string }) => e.source_event_id === a.source_event_id);
    const eps = row.quarterly.earnings_per_share as number;
    expect(news_article.text).toContain(`$${eps.toFixed(2)}`);
    expect(news_article.text).toContain(`$${(row.quarterly.revenue / 1e9).toFixed(2)} billion`);
    expect(news_article.validation.numbers).toContain(`$${eps.toFixed(2)}`);
    const before = await get(`/news/${a.artifact_id}?scenario_id=${MEGACAP}&as_of=2023-01-02`);
    expect(before.status).toBe(404);
    const unknown = await get(`/news/nws_20230130_000000000000?scenario_id=${MEGACAP}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/not found/);
    expect((await get(`/news/not-an-article?scenario_id=${MEGACAP}`)).status).toBe(404);
  });

  it("serves an index fund's fund-flow news, each on a market event's day, and 404 for an unknown ticker", async () => {
    const spy = ((await body(`${N}&ticker=SPY&limit=500`)) as { news: Article[] }).news;
    expect(spy.length).toBeGreaterThan(0);
    expect(spy.every((a) => a.ticker === "SPY" && a.artifact_type === "news_article")).toBe(true);
    const { events } = await body(`/events/timeline?scenario_id=${MEGACAP}&limit=500`);
    const market = new Map(
      events
        .filter((e: { ticker: string | null }) => e.ticker === null)
        .map((e: { event_id: string; event_date: string }) => [e.event_id, e.event_date]),
    );
    expect(spy.every((a) => market.get(a.source_event_id) === a.date)).toBe(true);
    expect((await get(`${N}&ticker=ZZZZ`)).status).toBe(404);
  });
});
