// News: invented outlets' articles about the public timeline (families/news/model.ts). Company news follows
// each company's events, market news the policy decisions, inflation prints and the catalyst. Listed
// per ticker, as `market` and per month of every article; each article's text is stored once, in
// the detail shard of its month. The rules: every article names an event public by its date and
// cites only records public by then, and every number it writes is one of its records' numbers.
import { worldKeyOf } from "../../ground/scenario-source.ts";
import { listedOn } from "../../models/prices.ts";
import { allOf, monthOf } from "../../../src/bundle/shards.ts";
import { NEWS_COLUMNS, newsTextPart } from "../../../src/families/news/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { numbersIn } from "../../models/amounts.ts";
import { dayIndexOf, publicEvent, type PublicEvent } from "../../models/events.ts";
import type { Rng } from "../../ground/rng.ts";
import { byDateThenArtifactId, shortName, yearAgoRelease } from "../../models/artifacts.ts";
import {
  companyArticles,
  companyFigures,
  fundArticle,
  fundDayIsNews,
  fundFigures,
  fundSentiment,
  companySentiment,
  newsroom,
  type ArticleDetail,
  type CompanyFactsOn,
  type FundFactsOn,
  type Figures,
  type Newsroom,
} from "./model.ts";
import { marketArticles, marketFigures, marketSentiment, type MarketFactsOn } from "./market.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyEarnings } from "../earnings/family.ts";
import type { Events } from "../events/family.ts";
import type { Calendar, Checker, CompanyBase, Family, Scenario, ShardSink } from "../../ground/family.ts";
import type { Funds, IndexFund } from "../funds/family.ts";
import type { MacroTape } from "../macro/family.ts";
import { byFirstColumn, groupBy, toRows } from "../../ground/rows.ts";
import type { Stock } from "../stocks/family.ts";
import type { CompanyListing } from "../listings/family.ts";
import { offerPrice } from "../listings/plan.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { CompanyInsiders } from "../insiders/family.ts";
import type { CompanySegments } from "../segments/family.ts";
import { CEO, CFO, officer, type CompanyTranscripts } from "../transcripts/family.ts";
import { peerCandidates, peerFigures, peersOn, quotable, type PeerSource, type StoryRecords } from "./story.ts";
import type { CompanyExit } from "../exits/family.ts";
import type { Universe } from "../universe/family.ts";

export interface MarketNews {
  /** Articles on market-wide events and index funds' fund-flow news, by date then id. */
  marketNews: ArticleDetail[];
}

export interface CompanyNews {
  /** Articles about the company's events, by date then id. */
  news: ArticleDetail[];
}

type Reads = Calendar & Universe & Events & MacroTape & Funds;
type ReadsEach = CompanyCore &
  CompanyEarnings &
  CompanyListing &
  Stock &
  CompanyInsiders &
  CompanySegments &
  CompanyTranscripts;
type Company = CompanyBase & ReadsEach & CompanyNews;

/** Trading days in the month a market story looks back over. */
const MONTH_DAYS = 21;

/** What a market story may state on `date`: its event, and the macro tape that day and a month before. */
function marketFactsOn(world: Reads, event: PublicEvent, date: string, dayIndex: Map<string, number>): MarketFactsOn {
  const i = dayIndex.get(date);
  const today = i === undefined ? undefined : world.macro[i];
  const monthAgo = i === undefined || i < MONTH_DAYS ? undefined : world.macro[i - MONTH_DAYS];
  let growth = 1;
  if (monthAgo) for (let k = i! - MONTH_DAYS + 1; k <= i!; k++) growth *= Math.exp(world.macro[k].market_return);
  return {
    event,
    marketReturn: today ? today.market_return : null,
    tape: today && monthAgo ? { today, monthAgo, marketMonth: growth - 1 } : undefined,
  };
}

/** A turn's quotable sentences, split once for the stories and again for their check. */
const QUOTABLE = new WeakMap<object, string[]>();
function quotableOf(turn: { text: string }): string[] {
  let out = QUOTABLE.get(turn);
  if (!out) QUOTABLE.set(turn, (out = quotable(turn.text)));
  return out;
}

/** Releases a story recalls before its event's. */
const HISTORY = 4;

/** Each covering firm's latest publication before `date`, firms in name order. */
function latestByFirm(company: ReadsEach, date: string) {
  const latest = new Map<string, ReadsEach["estimates"][number]>();
  for (const p of company.estimates) if (p.estimate_date < date) latest.set(p.firm, p);
  return [...latest.values()].sort((a, b) => (a.firm < b.firm ? -1 : 1));
}

/** The latest guidance of each metric issued by `date`, for the latest fiscal year guided by then. */
function guidanceBy(company: ReadsEach, date: string) {
  const issued = company.guidance.filter((g) => g.issued_date <= date);
  const year = issued.reduce((y, g) => (g.period > y ? g.period : y), "");
  const latest = new Map<string, ReadsEach["guidance"][number]>();
  for (const g of issued) if (g.period === year) latest.set(g.metric_name, g);
  return [...latest.values()];
}

/** What a story's body adds on `event`, from the records public on its day (story.ts). */
function storyOn(
  company: CompanyBase & ReadsEach,
  released: ReadsEach["earnings"],
  event: PublicEvent,
  day: number | undefined,
  peers: Iterable<PeerSource>,
): StoryRecords {
  const date = event.event_date;
  const earnings = released.find((r) => r.source_event_id === event.event_id);
  const ceo = day === undefined ? undefined : officer(company, CEO, day);
  const cfo = day === undefined ? undefined : officer(company, CFO, day);
  const call = company.transcripts.find((t) => t.source_event_id === event.event_id);
  const said = (who: string | undefined) =>
    call && who ? call.turns.filter((t) => t.speaker === who).flatMap(quotableOf) : [];
  const segments = company.segments.find((s) => s.period === "quarterly" && s.reportPeriod === earnings?.report_period);
  return {
    history: released.filter((r) => r.filing_date < date).slice(-HISTORY),
    guidance: guidanceBy(company, date),
    analysts: latestByFirm(company, date),
    ceo,
    cfo,
    call: call && { id: call.transcript_id, ceo: said(ceo), cfo: said(cfo) },
    segments: segments ? segments.segments.filter((s) => s.segment_type === "business") : [],
    nextRelease: company.calendar
      .filter((c) => c.announcement_date <= date && c.earnings_date > date)
      .reduce<string | undefined>((a, c) => (a === undefined || c.earnings_date < a ? c.earnings_date : a), undefined),
    peers: peersOn(company.facts, peers, date),
  };
}

/** A company as a peer: its releases public inside the world, from its listing to its last day. */
function peerSource(company: CompanyBase & CompanyEarnings & Stock & Partial<CompanyExit>, days: string[]): PeerSource {
  const listed = listedOn(company.stock);
  const last = company.closing ? days[company.closing.lastDay] : undefined;
  return {
    facts: company.facts,
    released: company.earnings.filter((r) => r.filing_date >= listed && (!last || r.filing_date <= last)),
  };
}

/** Each world's companies as peers, kept as the pass goes: a company leaves its own on its turn. */
const PEER_SOURCES = new WeakMap<object, Map<string, PeerSource>>();

/** The companies a company's stories may compare (peerCandidates), as peers. */
function sectorPeers(world: Reads, company: CompanyBase & ReadsEach, scenario: Scenario): PeerSource[] {
  let known = PEER_SOURCES.get(world);
  if (!known) PEER_SOURCES.set(world, (known = new Map()));
  known.set(company.facts.ticker, peerSource(company, world.days));
  return peerCandidates(world.companies, company.facts.ticker).map((ticker) => {
    let peer = known.get(ticker);
    if (!peer) {
      // Only when this company is made ahead of its turn (another asked for it) and a peer's has not come.
      const other = scenario.companyOf!(ticker, "earnings") as CompanyBase & CompanyEarnings & Stock;
      known.set(ticker, (peer = peerSource(other, world.days)));
    }
    return peer;
  });
}

/** What a company article's records are: its event, its release's rows and the bars (up to the article's date). */
function factsOn(
  company: CompanyBase & ReadsEach,
  event: PublicEvent,
  dayIndex: Map<string, number>,
  peers: Iterable<PeerSource> = [],
): CompanyFactsOn {
  const earnings = company.earnings.find((r) => r.source_event_id === event.event_id);
  // A company that lists inside the world released no results before its first day.
  const listed = listedOn(company.stock);
  const released = company.earnings.filter((r) => r.filing_date >= listed);
  return {
    facts: company.facts,
    event,
    earnings,
    yearAgo: earnings && yearAgoRelease(released, earnings, event.event_date),
    bars: company.stock.bars.slice(company.stock.first ?? 0),
    offer: company.listing && offerPrice(company.stock.bars, company.listing.first),
    story: storyOn(company, released, event, dayIndex.get(event.event_date), peers),
  };
}

/**
 * Fund-flow news: every index fund on the catalyst's day, and the broad funds on a Fed decision's day
 * when they moved 1% or traded 1.2 times their average: the day's move and volume (their bars).
 */
function fundNews(world: Reads, worldKey: string, room: Newsroom, rng: Rng): ArticleDetail[] {
  return world.events.flatMap((e) => {
    const fed = e.event_type === "policy_decision" && e.public_summary.startsWith("The Federal Reserve");
    if (!fed && e.event_type !== "macro_catalyst") return [];
    // The funds' stories on one event take different sentences while others fit.
    const said = new Set<string>();
    return world.funds
      .filter((f) => e.event_type === "macro_catalyst" || f.spec.sector === null)
      .flatMap((f) => {
        const facts = fundFactsOn(f, publicEvent(e));
        // The catalyst is always news for a fund; a Fed day only when the fund's day stands out.
        if (fed && !fundDayIsNews(facts)) return [];
        const a = fundArticle(worldKey, facts, room, rng.fork(`news/funds/${f.spec.ticker}/${e.event_id}`), said);
        return a ? [a] : [];
      });
  });
}

const fundFactsOn = (f: IndexFund, event: PublicEvent): FundFactsOn => ({
  fund: { ticker: f.spec.ticker, name: f.spec.name, benchmark: f.spec.benchmark },
  event,
  bars: f.bars,
});

export const news: Family<Reads, MarketNews, ReadsEach, CompanyNews> = {
  name: "news",
  // Gathered, not generated: fund-flow news reads the index funds, which are there only once the
  // company pass is over (their gatherer finishes before this one, in registry order).
  gather: (world, { source, rng }) => ({
    add: () => {},
    finish: () => {
      const room = newsroom(rng.fork("news/newsroom"));
      const dayIndex = dayIndexOf(world.days);
      const market = world.events.flatMap((e) =>
        marketArticles(
          worldKeyOf(source),
          marketFactsOn(world, publicEvent(e), e.event_date, dayIndex),
          room,
          rng.fork(`news/market/${e.event_id}`),
        ),
      );
      return { marketNews: [...market, ...fundNews(world, worldKeyOf(source), room, rng)].sort(byDateThenArtifactId) };
    },
  }),
  context: (world, cut) => ({ marketNews: world.marketNews.filter((a) => a.visible_from <= cut.date) }),
  company: (world, company, scenario) => {
    const { source, rng } = scenario;
    const peers = sectorPeers(world, company, scenario);
    // The market part is gathered after this pass; the newsroom is a few names drawn from its own
    // stream, so each company draws the same ones again.
    const room = newsroom(rng.fork("news/newsroom"));
    const lastDay = world.days[world.days.length - 1];
    const dayIndex = dayIndexOf(world.days);
    const articles = company.events.flatMap((e) =>
      companyArticles(
        worldKeyOf(source),
        factsOn(company, publicEvent(e), dayIndex, peers),
        company.sizeTier,
        room,
        lastDay,
        rng.fork(`news/${company.facts.ticker}/${e.event_id}`),
      ),
    );
    return { news: articles.sort(byDateThenArtifactId) };
  },
  companyContext: (company, cut) => ({ news: company.news.filter((a) => a.visible_from <= cut.date) }),
  // An article of its first day about an event of the day before (a private company's) goes with it.
  companySince: (company, since) => ({
    news: company.news.filter((a) => a.visible_from >= since.date && a.event_lineage.event_date >= since.date),
  }),
  companyShards: (_, { facts, news }, emit) => emitArticles(emit, facts.ticker, news),
  // Market news under `market`, each fund's under its ticker.
  shards: (world, emit) => {
    for (const [part, articles] of groupBy(world.marketNews, (a) => a.ticker ?? "market"))
      emitArticles(emit, part, articles);
  },
  companyChecks: (days) => newsChecks(days),
};

/** A list of articles into its own shard, the months of every article, and the months' details. */
function emitArticles(emit: ShardSink, part: string, articles: ArticleDetail[]): void {
  if (articles.length === 0) return;
  const rows = byFirstColumn(toRows(NEWS_COLUMNS, articles));
  emit.write(SHARDS.news, part, rows);
  for (const [month, group] of groupBy(rows, (r) => monthOf(r[0] as string)))
    emit.append(SHARDS.news, allOf(month), group);
  const details = articles.map((a) => ({ ...a, key: `${a.date} ${a.artifact_id}` }));
  for (const [part, group] of groupBy(details, (a) => newsTextPart(a.date)))
    emit.append(SHARDS.newsDetail, part, byFirstColumn(toRows(SHARDS.newsDetail.columns, group)));
}

/** The numbers an article writes that its records do not hold (years of its fiscal period allowed through the figures). */
function strayNumbers(article: ArticleDetail, figures: Figures, names: string[] = []): string[] {
  const allowed = new Set(Object.values(figures));
  return numbersIn(`${article.title}\n${article.text}`, names).filter((n) => !allowed.has(n));
}

function newsChecks(days: string[]): Checker<Reads & MarketNews, Company> {
  const dayIndex = dayIndexOf(days);
  const lineage = new RuleTally(
    "news_lineage",
    "news",
    "every article names an event public by its date (on or after the event's visible_from, lineage equal to the event) and cites only records filed by then",
  );
  const numbers = new RuleTally(
    "news_numbers_match_records",
    "news",
    "every number an article writes is one of its records' numbers (amounts.ts), and a results article states the reported EPS and revenue",
  );
  const tone = new RuleTally(
    "news_sentiment_agrees",
    "news",
    "sentiment is the sign of the public facts: the EPS surprise for results, the event's own summary for other news, the day's move for market-move stories, the market's day for the catalyst",
  );
  // A story that compares peers writes their figures: checked once every company has left its own.
  const peers = new Map<string, PeerSource>();
  const pending: { where: string; stray: string[]; facts: PeerSource["facts"]; date: string }[] = [];
  const traced = (a: ArticleDetail, e: PublicEvent | undefined) =>
    !!e &&
    a.visible_from === a.date &&
    a.date >= e.visible_from &&
    a.event_lineage.event_id === e.event_id &&
    a.event_lineage.event_type === e.event_type &&
    a.event_lineage.event_date === e.event_date;
  return {
    company: (company) => {
      peers.set(company.facts.ticker, peerSource(company, days));
      const events = new Map(company.events.map((e) => [e.event_id, publicEvent(e)]));
      // The records of an event, read once for the several stories on it.
      const facts = new Map<string, CompanyFactsOn>();
      const figuresOn = new Map<string, Figures>();
      for (const a of company.news) {
        lineage.rows++;
        numbers.rows++;
        const e = events.get(a.source_event_id);
        if (!traced(a, e)) {
          lineage.violation(`${company.facts.ticker} ${a.date} ${a.artifact_id}`);
          continue;
        }
        let f = facts.get(e!.event_id);
        if (!f) facts.set(e!.event_id, (f = factsOn(company, e!, dayIndex)));
        if ((f.earnings && f.earnings.filing_date > a.date) || (f.yearAgo && f.yearAgo.filing_date > a.date))
          lineage.violation(`${company.facts.ticker} ${a.date} ${a.artifact_id}`);
        tone.rows++;
        if (a.sentiment !== companySentiment(f, a.article_format, a.date))
          tone.violation(`${company.facts.ticker} ${a.date} ${a.artifact_id}`);
        const key = `${e!.event_id} ${a.date}`;
        let figures = figuresOn.get(key);
        if (!figures) figuresOn.set(key, (figures = companyFigures(f, a.date)));
        const results = f.earnings && a.article_format !== "market_move";
        const where = `${company.facts.ticker} ${a.date} ${a.artifact_id}`;
        const stray = strayNumbers(a, figures, [company.facts.name, shortName(company.facts.name)]);
        if (results && !(a.text.includes(figures.eps) && a.text.includes(figures.revenue))) numbers.violation(where);
        else if (stray.length > 0 && a.event_lineage.records.some((r) => r.startsWith("peer-earnings ")))
          pending.push({ where, stray, facts: company.facts, date: e!.event_date });
        else if (stray.length > 0) numbers.violation(where);
      }
    },
    finish: (world) => {
      for (const p of pending) {
        const candidates = peerCandidates(world.companies, p.facts.ticker).flatMap((t) => peers.get(t) ?? []);
        const compared = peersOn(p.facts, candidates, p.date);
        const allowed = new Set([
          ...Object.values(peerFigures(compared)),
          ...compared.flatMap((c) => numbersIn(c.name)),
        ]);
        if (p.stray.some((n) => !allowed.has(n))) numbers.violation(p.where);
      }
      const events = new Map(world.events.map((e) => [e.event_id, publicEvent(e)]));
      for (const a of world.marketNews) {
        lineage.rows++;
        numbers.rows++;
        const e = events.get(a.source_event_id);
        if (!traced(a, e)) {
          lineage.violation(`market ${a.date} ${a.artifact_id}`);
          continue;
        }
        const fund = a.ticker === null ? undefined : world.funds.find((f) => f.spec.ticker === a.ticker);
        if (fund) {
          const f = fundFactsOn(fund, e!);
          tone.rows++;
          if (a.sentiment !== fundSentiment(f)) tone.violation(`${a.ticker} ${a.date} ${a.artifact_id}`);
          if (strayNumbers(a, fundFigures(f), [fund.spec.name, fund.spec.benchmark]).length > 0)
            numbers.violation(`${a.ticker} ${a.date} ${a.artifact_id}`);
          continue;
        }
        const m = marketFactsOn(world, e!, a.date, dayIndex);
        tone.rows++;
        if (a.sentiment !== marketSentiment(m)) tone.violation(`market ${a.date} ${a.artifact_id}`);
        if (strayNumbers(a, marketFigures(m)).length > 0) numbers.violation(`market ${a.date} ${a.artifact_id}`);
      }
      return [lineage.check(), numbers.check(), tone.check()];
    },
  };
}
