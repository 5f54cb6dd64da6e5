// News articles: what invented outlets wrote about the public timeline. Every article reports one
// event (a company's release, launch, lawsuit... or a policy decision, an inflation print, the
// catalyst) on or after its release, states only the facts of its records (the event, the earnings
// row, the bars up to its date), writes their numbers with amounts.ts, and takes its tone from the
// sign those facts give. The words come from a seeded grammar (phrases.yaml): each part of an
// article is picked from several phrasings, so articles about events of one type do not read alike.
import { EXIT_EVENT_TYPES, ACQUIRER_EVENT_TYPES } from "../../../src/contract/vocabulary.ts";
import type { NewsArticle, NewsArticleDetail } from "../../../src/families/news/rows.ts";
import { shortName, slugify, type Sentiment } from "../../models/artifacts.ts";
import { createHash } from "node:crypto";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Earnings } from "../../../src/families/earnings/rows.ts";
import { amount, numbersIn, perShare, percent } from "../../models/amounts.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { appointmentIn, type PublicEvent } from "../../models/events.ts";
import { personName } from "../../models/names.ts";
import type { Rng } from "../../ground/rng.ts";
import { COVERAGE, OUTLETS, type Outlet } from "./outlets.ts";
import { PHRASES, type CompanyWord, type FundWord, type MarketWord } from "./phrases.ts";
import { fill, phrasings, type Phrase } from "../../models/phrasing.ts";

/** An article as served in lists (its shape is the worker's, src/families/news/rows.ts); `text` and `validation` only in its detail. */
export type Article = NewsArticle;
export type ArticleDetail = NewsArticleDetail;
export type ArticleFormat = NewsArticle["article_format"];

/** Each outlet's reporters, invented once per world. */
export type Newsroom = Map<string, string[]>;

export function newsroom(rng: Rng): Newsroom {
  return new Map(
    OUTLETS.map((o) => [o.name, Array.from({ length: 4 }, (_, i) => personName(rng.fork(`${o.slug}/${i}`)))]),
  );
}

/** A daily close and volume, as the prices family serves them. */
export interface DayBar {
  time: string;
  close: number;
  volume: number;
}

/** What a company article may state: its cause and the records public on its date. */
export interface CompanyFactsOn {
  facts: CompanyFacts;
  event: PublicEvent;
  /** The release's row, for an earnings release. */
  earnings?: Earnings;
  /** The same quarter's row a year earlier, when public. */
  yearAgo?: Earnings;
  /** The company's public bars up to the article's date (from its listing, where it lists inside the world). */
  bars: DayBar[];
  /** The offering price, for news of a listing (its prospectus states it). */
  offer?: number;
}

/** The numbers an article may write, by name, formatted as amounts.ts writes them. */
export type Figures = Record<string, string>;

/** A day's move: the close and its change from the close before (null on the first day). */
function move(bars: DayBar[], date: string): { close: number; change: number } | null {
  const i = bars.findIndex((b) => b.time === date);
  if (i < 1) return null;
  return { close: bars[i].close, change: bars[i].close / bars[i - 1].close - 1 };
}

/** A company's move on `date`: a listing's first day is measured from its offering price. */
function companyMove(f: CompanyFactsOn, date: string): { close: number; change: number } | null {
  const listed =
    f.offer !== undefined && f.event.event_type === "initial_public_offering" && date === f.event.event_date;
  const first = f.bars[0];
  if (listed && first?.time === date) return { close: first.close, change: first.close / f.offer! - 1 };
  return move(f.bars, date);
}

/** The last close before `date` and its change over the 21 trading days before it. */
function runUp(bars: DayBar[], date: string): { close: number; change: number } | null {
  let i = bars.length - 1;
  while (i >= 0 && bars[i].time >= date) i--;
  if (i < 21) return null;
  return { close: bars[i].close, change: bars[i].close / bars[i - 21].close - 1 };
}

/** The numbers an event's own summary states (`summary_0`, ...): an article may quote them. */
function summaryFigures(e: PublicEvent): Figures {
  return Object.fromEntries(numbersIn(e.public_summary).map((n, k) => [`summary_${k}`, n]));
}

/**
 * The figures of a company article published on `date`, from its records alone: the generator
 * writes them and the check recomputes them, so a text can only state what its records say.
 */
export function companyFigures(f: CompanyFactsOn, date: string): Figures {
  const out: Figures = {};
  const e = f.earnings;
  if (e) {
    const q = e.quarterly;
    out.eps = perShare(q.earnings_per_share);
    out.revenue = amount(q.revenue);
    out.net_income = amount(q.net_income);
    out.fiscal_year = e.fiscal_period.slice(-4);
    if (q.estimated_earnings_per_share !== null) out.estimated_eps = perShare(q.estimated_earnings_per_share);
    if (q.estimated_revenue !== null) out.estimated_revenue = amount(q.estimated_revenue);
    if (f.yearAgo) out.revenue_growth = percent(q.revenue / f.yearAgo.quarterly.revenue - 1);
  }
  // A filing's news (an insider's purchase) quotes the filing, and an exit's its terms (a deal's
  // premium): the summary's numbers are the record's.
  if (
    FILED_EVENTS.has(f.event.event_type) ||
    EXIT_EVENT_TYPES.has(f.event.event_type) ||
    ACQUIRER_EVENT_TYPES.has(f.event.event_type) ||
    f.event.event_type === "initial_public_offering"
  )
    Object.assign(out, summaryFigures(f.event));
  const before = runUp(f.bars, f.event.event_date);
  if (before) {
    out.prior_close = perShare(before.close);
    out.month_change = percent(before.change);
  }
  if (f.offer !== undefined && f.event.event_type === "initial_public_offering") out.offer_price = perShare(f.offer);
  if (date > f.event.event_date || f.event.public_release_datetime.slice(11) < "16:00") {
    const day = companyMove(f, date);
    if (day) {
      out.close = perShare(day.close);
      out.day_change = percent(day.change);
    }
  }
  return out;
}

/** The tone the public facts give a company article (the surprise's sign, the event's own summary, the day's move). */
export function companySentiment(f: CompanyFactsOn, format: ArticleFormat, date: string): Sentiment {
  if (format === "market_move") {
    const day = move(f.bars, date);
    return !day || Math.abs(day.change) < 0.005 ? "neutral" : day.change > 0 ? "positive" : "negative";
  }
  const e = f.event;
  switch (e.event_type) {
    case "earnings_release": {
      const pct = f.earnings?.quarterly.eps_surprise_pct ?? null;
      return pct === null || Math.abs(pct) < 0.01 ? "neutral" : pct > 0 ? "positive" : "negative";
    }
    case "guidance_change":
      return e.public_summary.includes(" raised ") ? "positive" : "negative";
    case "catalyst_impact":
      return e.public_summary.includes(" rose ") ? "positive" : "negative";
    case "product_launch":
    case "contract_win":
    case "merger_rumor":
    case "merger_agreement":
    case "insider_purchase":
    case "stake_disclosure":
      return "positive";
    case "lawsuit":
    case "regulatory_action":
    case "merger_terminated":
    case "bankruptcy_filing":
    case "delisting":
      return "negative";
    default:
      return "neutral";
  }
}

/** What a market article may state: its cause and the macro tape's day. */
export interface MarketFactsOn {
  event: PublicEvent;
  /** The market's return on the article's date (the macro tape's `market_return`). */
  marketReturn: number | null;
}

export function marketFigures(m: MarketFactsOn): Figures {
  const out: Figures = {};
  // The summaries' own numbers (a rate level, a basis-point move, an inflation reading).
  Object.assign(out, summaryFigures(m.event));
  if (m.marketReturn !== null) out.market_change = percent(m.marketReturn);
  return out;
}

export function marketSentiment(m: MarketFactsOn): Sentiment {
  const s = m.event.public_summary;
  switch (m.event.event_type) {
    case "policy_decision":
      return s.includes(" raised ") ? "negative" : s.includes(" cut ") ? "positive" : "neutral";
    case "inflation_release":
      return s.includes(" above ") ? "negative" : s.includes(" below ") ? "positive" : "neutral";
    default:
      return m.marketReturn === null || Math.abs(m.marketReturn) < 0.005
        ? "neutral"
        : m.marketReturn > 0
          ? "positive"
          : "negative";
  }
}

/** Phrasings by event type. */
const byType = <F extends object>(table: Record<string, readonly string[]>): Record<string, Phrase<F>[]> =>
  Object.fromEntries(Object.entries(table).map(([type, templates]) => [type, phrasings<F>(templates)]));

/** A company article's words: what its phrasings may write (phrases.yaml names them). */
interface Words extends Record<CompanyWord, unknown> {
  name: string;
  short: string;
  /** "Meta Platforms'" / "Apple's". */
  shortPossessive: string;
  ticker: string;
  sector: string;
  sectorLower: string;
  industry: string;
  industryLower: string;
  /** "a" or "an", before the industry. */
  industryArticle: string;
  summary: string;
  /** The summary without its final period. */
  summaryClause: string;
  /** The summary with its leading "The " lowered. */
  summaryInline: string;
  fig: Figures;
  tone: Sentiment;
  /** "rose" / "fell" for the day's change, when there is one. */
  dayVerb: string;
  /** "up" / "down": revenue against the year-ago quarter. */
  growth: string;
  monthVerb: string;
}

const lower = (s: string) => s.toLowerCase();
/** "Meta Platforms'" / "Apple's". */
const poss = (s: string) => (s.endsWith("s") ? `${s}'` : `${s}'s`);

const { company, market, fund } = PHRASES;
/** Titles by event type; several outlets on one event take different ones. */
const TITLES = byType<Words>(company.titles);
const LEADS = byType<Words>(company.leads);
/** The lead of other company news: the event's own public summary, framed. */
const EVENT_LEADS = phrasings<Words>(company.event_leads);
/** The lead of a filing's news: the filing's summary, framed as the filing's. */
const FILING_LEADS = phrasings<Words>(company.filing_leads);
/** The lead of a company article on an event other than results: a listing's states its offering. */
const leadsOf = (type: string) =>
  type === "initial_public_offering"
    ? LEADS.initial_public_offering
    : FILED_EVENTS.has(type)
      ? FILING_LEADS
      : EVENT_LEADS;
/** A second paragraph on results: more of the quarter's numbers. */
const EARNINGS_DETAIL = phrasings<Words>(company.earnings_detail);
/** Context: who the company is. */
const CONTEXT = phrasings<Words>(company.context);
/** The stock before the news. */
const RUN_UP = phrasings<Words>(company.run_up);
/** What other news says next, with no figure. */
const CLOSERS = byType<Words>(company.closers);
/** What a headline about a company's own news ends with: the stock's figures, which differ story to story. */
const COMPANY_TAILS = phrasings<Words>(company.tails);

/** Company events that are filings (Form 4, 13F-HR): their news quotes the filing. */
export const FILED_EVENTS = new Set(["insider_purchase", "stake_disclosure"]);

const pickWith = <F>(rng: Rng, phrases: Phrase<F>[], x: F): string => {
  for (const p of rng.shuffle(phrases)) {
    const s = p(x);
    if (s !== undefined) return s;
  }
  return "";
};

/** An article's id: its date and a hash of what it is, stable for a world (families/news/rows.ts reads it back). */
export function articleId(worldKey: string, date: string, parts: string[]): string {
  const hash = createHash("sha256")
    .update([worldKey, date, ...parts].join("|"))
    .digest("hex")
    .slice(0, 12);
  return `nws_${date.replaceAll("-", "")}_${hash}`;
}

const articleUrl = (outlet: Outlet, date: string, title: string, id: string) =>
  `https://${outlet.slug}.example/${date.replaceAll("-", "/")}/${slugify(title)}-${id.slice(-6)}`;

const METRIC_OF: Record<string, string> = {
  eps: "earnings_per_share",
  estimated_eps: "estimated_earnings_per_share",
  revenue: "revenue",
  estimated_revenue: "estimated_revenue",
  net_income: "net_income",
  revenue_growth: "revenue_growth",
  close: "close",
  prior_close: "close",
  day_change: "day_change_percent",
  month_change: "price_change_percent",
  market_change: "market_return",
};

/** The figures a text writes, in order of first use, and the metrics they are. */
function used(fig: Figures, text: string): { numbers: string[]; metrics: string[] } {
  const numbers: string[] = [];
  const metrics = new Set<string>();
  for (const [name, value] of Object.entries(fig)) {
    if (!text.includes(value)) continue;
    numbers.push(value);
    if (METRIC_OF[name]) metrics.add(METRIC_OF[name]);
  }
  return { numbers, metrics: [...metrics].sort() };
}

interface Draft {
  date: string;
  format: ArticleFormat;
  title: string;
  paragraphs: string[];
}

function finish(
  worldKey: string,
  draft: Draft,
  outlet: Outlet,
  author: string,
  n: number,
  about: {
    ticker: string | null;
    event: PublicEvent;
    entities: string[];
    records: string[];
    fig: Figures;
    tone: Sentiment;
  },
): ArticleDetail {
  const id = articleId(worldKey, draft.date, [about.event.event_id, outlet.slug, draft.format, String(n)]);
  const text = draft.paragraphs.filter(Boolean).join("\n\n");
  const { numbers, metrics } = used(about.fig, `${draft.title}\n${text}`);
  return {
    date: draft.date,
    artifact_id: id,
    ticker: about.ticker,
    artifact_type: about.ticker === null ? "market_news_article" : "news_article",
    title: draft.title,
    source: outlet.name,
    author,
    summary: draft.paragraphs[0],
    url: articleUrl(outlet, draft.date, draft.title, id),
    image_url: null,
    visible_from: draft.date,
    sentiment: about.tone,
    entities: about.entities,
    mentioned_tickers: about.ticker ? [about.ticker] : [],
    mentioned_metrics: metrics,
    source_event_id: about.event.event_id,
    event_lineage: {
      event_id: about.event.event_id,
      event_type: about.event.event_type,
      event_date: about.event.event_date,
      visible_from: about.event.visible_from,
      records: about.records,
    },
    article_format: draft.format,
    text,
    validation: { numbers, facts_from: about.records, cause_visible_from: about.event.visible_from },
  };
}

/** The next trading day after `date` in `bars`, if any. */
function nextDay(bars: DayBar[], date: string): string | undefined {
  return bars.find((b) => b.time > date)?.time;
}

/** The records a company article's figures come from. */
export function companyRecords(f: CompanyFactsOn, date: string): string[] {
  const out = f.earnings ? [`earnings ${f.earnings.accession_number}`] : [];
  if (f.yearAgo) out.push(`earnings ${f.yearAgo.accession_number}`);
  out.push(`prices ${f.facts.ticker} ${date}`);
  return out;
}

/** A company article's words on `date`, with its figures and tone. */
function companyWords(f: CompanyFactsOn, date: string, fig: Figures, tone: Sentiment): Words {
  const e = f.event;
  const short = shortName(f.facts.name);
  const sector = f.facts.sector ?? "Industrials";
  const industry = f.facts.industry ?? f.facts.sector ?? "its industry";
  return {
    name: f.facts.name,
    short,
    shortPossessive: poss(short),
    ticker: f.facts.ticker,
    sector,
    sectorLower: lower(sector),
    industry,
    industryLower: lower(industry),
    industryArticle: /^[aeiou]/i.test(industry) ? "an" : "a",
    summary: e.public_summary,
    summaryClause: e.public_summary.replace(/\.$/, ""),
    summaryInline: e.public_summary.replace(/^The /, "the "),
    fig,
    tone,
    dayVerb: fig.day_change && companyMove(f, date)!.change < 0 ? "fell" : "rose",
    monthVerb: fig.month_change && runUp(f.bars, e.event_date)!.change < 0 ? "fell" : "rose",
    growth: f.earnings && f.yearAgo && f.earnings.quarterly.revenue < f.yearAgo.quarterly.revenue ? "down" : "up",
  };
}

/**
 * The articles about one company event: a few outlets' reports on its release day (how many by the
 * company's size), and for results of a covered company a report of the stock's move on the day it
 * reacted.
 */
export function companyArticles(
  worldKey: string,
  f: CompanyFactsOn,
  tier: SizeTier,
  room: Newsroom,
  lastDay: string,
  rng: Rng,
): ArticleDetail[] {
  const e = f.event;
  const isEarnings = e.event_type === "earnings_release";
  const [lo, hi] = COVERAGE[tier][isEarnings ? "earnings" : "other"];
  const reports = rng.int(lo, hi);
  const outlets = rng.shuffle(OUTLETS);
  const titles = rng.shuffle(TITLES[e.event_type] ?? TITLES.product_launch);
  const out: ArticleDetail[] = [];
  const headlines = new Set<string>();
  const write = (date: string, format: ArticleFormat, n: number, titlePick: Phrase<Words>[]) => {
    const fig = companyFigures(f, date);
    const tone = companySentiment(f, format, date);
    const w = companyWords(f, date, fig, tone);
    const outlet = outlets[n % outlets.length];
    const author = rng.pick(room.get(outlet.name)!);
    // Outlets on one event never share a headline.
    const unused = (phrases: Phrase<Words>[]) =>
      phrases.map((p) => (x: Words) => {
        const t = p(x);
        return t !== undefined && !headlines.has(t) ? t : undefined;
      });
    const title =
      pickWith(rng, unused(titlePick), w) ||
      pickWith(rng, unused(titles), w) ||
      (fill(company.fallback_title, { ...w, event: e.event_type.replace("_", " "), outlet: outlet.name }) ?? "");
    const tail = isEarnings ? "" : pickWith(rng, COMPANY_TAILS, w);
    headlines.add(title);
    const paragraphs =
      format === "market_move"
        ? [pickWith(rng, LEADS.market_move, w), pickWith(rng, RUN_UP, w), pickWith(rng, CONTEXT, w)]
        : isEarnings
          ? [
              pickWith(rng, LEADS.earnings_release, w),
              pickWith(rng, EARNINGS_DETAIL, w),
              pickWith(rng, RUN_UP, w),
              pickWith(rng, CONTEXT, w),
              pickWith(rng, CLOSERS.earnings_release, w),
            ]
          : [
              pickWith(rng, leadsOf(e.event_type), w),
              pickWith(rng, CONTEXT, w),
              pickWith(rng, RUN_UP, w),
              pickWith(rng, CLOSERS.default, w),
            ];
    out.push(
      finish(worldKey, { date, format, title: title + tail, paragraphs }, outlet, author, n, {
        ticker: f.facts.ticker,
        event: e,
        entities: entitiesOf(f),
        records: companyRecords(f, date),
        fig,
        tone,
      }),
    );
  };
  for (let n = 0; n < reports; n++)
    write(e.event_date, n === 0 && reports > 1 ? "wire" : n % 2 ? "analysis" : "brief", n, [titles[n % titles.length]]);
  // The reaction: the release day when released before the close, else the next trading day.
  if (isEarnings && reports > 0 && (tier === "mega" || tier === "large")) {
    const day = e.public_release_datetime.slice(11) < "16:00" ? e.event_date : nextDay(f.bars, e.event_date);
    if (day && day <= lastDay) write(day, "market_move", reports, TITLES.market_move);
  }
  return out;
}

function entitiesOf(f: CompanyFactsOn): string[] {
  const out = [f.facts.name];
  // A management change names its officer (the event's public summary).
  const named = f.event.event_type === "management_change" ? appointmentIn(f.event.public_summary) : null;
  if (named) out.push(named.person);
  return out;
}

/** A market article's words: what its phrasings may write (phrases.yaml names them). */
interface MarketWords extends Record<MarketWord, unknown> {
  summary: string;
  summaryClause: string;
  summaryInline: string;
  bank: string;
  bankPossessive: string;
  /** The policy rate after a decision, as its summary writes it ("4.25-4.50%"). */
  level: string;
  move: "hike" | "cut" | "hold";
  fig: Figures;
  tone: Sentiment;
  verb: string;
}

const MARKET_TITLES = byType<MarketWords>(market.titles);
const MARKET_LEADS = phrasings<MarketWords>(market.leads);
const MARKET_MOVES = phrasings<MarketWords>(market.moves);
const MARKET_CLOSERS = phrasings<MarketWords>(market.closers);
/** What a market headline ends with: the market's day. */
const MARKET_TAILS = phrasings<MarketWords>(market.tails);

/** The bank a decision's summary names, without its article ("Federal Reserve"). */
const BANK_OF = (summary: string) => /^The ([A-Z][\w ]+?) (raised|cut|held)/.exec(summary)?.[1] ?? "Central bank";

/** Articles on a market-wide event: the Fed and the catalyst draw more coverage than prints and other banks. */
export function marketArticles(worldKey: string, m: MarketFactsOn, room: Newsroom, rng: Rng): ArticleDetail[] {
  const e = m.event;
  const s = e.public_summary;
  const reports =
    e.event_type === "macro_catalyst"
      ? rng.int(4, 6)
      : e.event_type === "policy_decision"
        ? s.startsWith("The Federal Reserve")
          ? rng.int(2, 3)
          : rng.int(0, 1)
        : rng.int(1, 2);
  const fig = marketFigures(m);
  const tone = marketSentiment(m);
  const bank = BANK_OF(s);
  const w: MarketWords = {
    summary: s,
    summaryClause: s.replace(/\.$/, ""),
    summaryInline: s.replace(/^The /, "the "),
    bank,
    bankPossessive: poss(bank),
    level: / to (-?[\d.]+%?(?:-[\d.]+%)?)\.$/.exec(s)?.[1] ?? "its new level",
    move: s.includes(" raised ") ? "hike" : s.includes(" cut ") ? "cut" : "hold",
    fig,
    tone,
    verb: m.marketReturn !== null && m.marketReturn < 0 ? "fell" : "rose",
  };
  const outlets = rng.shuffle(OUTLETS);
  const titles = rng.shuffle(MARKET_TITLES[e.event_type] ?? MARKET_TITLES.macro_catalyst);
  const out: ArticleDetail[] = [];
  for (let n = 0; n < reports; n++) {
    const outlet = outlets[n % outlets.length];
    const title =
      (pickWith(rng, [titles[n % titles.length]], w) || pickWith(rng, MARKET_TITLES.macro_catalyst, w)) +
      pickWith(rng, MARKET_TAILS, w);
    const paragraphs = [
      pickWith(rng, MARKET_LEADS, w),
      pickWith(rng, MARKET_MOVES, w),
      pickWith(rng, MARKET_CLOSERS, w),
    ];
    out.push(
      finish(
        worldKey,
        { date: e.event_date, format: n === 0 ? "wire" : "analysis", title, paragraphs },
        outlet,
        rng.pick(room.get(outlet.name)!),
        n,
        {
          ticker: null,
          event: e,
          entities: e.event_type === "policy_decision" ? [w.bank] : [],
          records: [`macro ${e.event_date}`],
          fig,
          tone,
        },
      ),
    );
  }
  return out;
}

/** What a fund-flow article may state: its cause (a market event) and the fund's bars up to its date. */
export interface FundFactsOn {
  fund: { ticker: string; name: string; benchmark: string };
  event: PublicEvent;
  bars: DayBar[];
}

/** Trading days of the volume average a fund's day is compared with. */
const VOLUME_DAYS = 20;

/** A fund's figures on the event's day: its close, its change, and its volume against its 20-day average. */
export function fundFigures(f: FundFactsOn): Figures {
  const i = f.bars.findIndex((b) => b.time === f.event.event_date);
  if (i < VOLUME_DAYS) return {};
  const average = f.bars.slice(i - VOLUME_DAYS, i).reduce((a, b) => a + b.volume, 0) / VOLUME_DAYS;
  const out: Figures = {};
  // The text restates its cause's summary, with that summary's numbers.
  Object.assign(out, summaryFigures(f.event));
  return {
    ...out,
    close: perShare(f.bars[i].close),
    day_change: percent(f.bars[i].close / f.bars[i - 1].close - 1),
    volume_multiple: (f.bars[i].volume / average).toFixed(1),
  };
}

export function fundSentiment(f: FundFactsOn): Sentiment {
  const day = move(f.bars, f.event.event_date);
  return !day || Math.abs(day.change) < 0.005 ? "neutral" : day.change > 0 ? "positive" : "negative";
}

/** A fund-flow article's words: what its phrasings may write (phrases.yaml names them). */
interface FundWords extends Record<FundWord, unknown> {
  ticker: string;
  name: string;
  benchmark: string;
  fig: Figures;
  up: boolean;
  /** The day's volume against its average, in a word. */
  flow: "heavy" | "light" | "steady";
  summary: string;
}

const FUND_TITLES = phrasings<FundWords>(fund.titles);
const FUND_LEADS = phrasings<FundWords>(fund.leads);
const FUND_CONTEXT = phrasings<FundWords>(fund.context);

/** Whether a fund's day is news: a move of 1% or more, or volume 1.2 times its average or more. */
export function fundDayIsNews(f: FundFactsOn): boolean {
  const fig = fundFigures(f);
  const day = move(f.bars, f.event.event_date);
  return !!fig.close && !!day && (Math.abs(day.change) >= 0.01 || Number(fig.volume_multiple) >= 1.2);
}

/** One fund-flow article on a market event's day (funds serve fund-flow news: docs/contract.md, "Ticker universe"). */
export function fundArticle(worldKey: string, f: FundFactsOn, room: Newsroom, rng: Rng): ArticleDetail | null {
  const fig = fundFigures(f);
  if (!fig.close) return null;
  const day = move(f.bars, f.event.event_date)!;
  const multiple = Number(fig.volume_multiple);
  const flow = multiple >= 1.2 ? "heavy" : multiple < 0.8 ? "light" : "steady";
  const w: FundWords = { ...f.fund, fig, up: day.change >= 0, flow, summary: f.event.public_summary };
  const outlet = rng.pick(OUTLETS);
  const paragraphs = [pickWith(rng, FUND_LEADS, w), fill(fund.news, w) ?? "", pickWith(rng, FUND_CONTEXT, w)];
  return finish(
    worldKey,
    { date: f.event.event_date, format: "market_move", title: pickWith(rng, FUND_TITLES, w), paragraphs },
    outlet,
    rng.pick(room.get(outlet.name)!),
    0,
    {
      ticker: f.fund.ticker,
      event: f.event,
      entities: [f.fund.name],
      records: [`prices ${f.fund.ticker} ${f.event.event_date}`],
      fig,
      tone: fundSentiment(f),
    },
  );
}
