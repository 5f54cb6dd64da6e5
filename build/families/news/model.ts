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
import { afterTheClose, appointmentIn, type PublicEvent } from "../../models/events.ts";
import { personName } from "../../models/names.ts";
import type { Rng } from "../../ground/rng.ts";
import { COVERAGE, OUTLETS, type Outlet } from "./outlets.ts";
import { PHRASES, type CompanyWord, type FundWord } from "./phrases.ts";
import { fill, phrasings, type Phrase } from "../../models/phrasing.ts";
import { EVENTS, STORY, STORY_SECTIONS, type StoryPart, type StorySection } from "./phrases.ts";
import {
  pathFigures,
  pathVerbs,
  prose,
  ratingCounts,
  roughDate,
  storyFigures,
  storyRecords,
  trendWords,
  type PeerRecords,
  type StoryRecords,
} from "./story.ts";

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
  /** What the story's body adds: guidance, trend, analysts, officers (story.ts). */
  story?: StoryRecords;
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
export function summaryFigures(e: PublicEvent): Figures {
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
  if (date > f.event.event_date || !afterTheClose(f.event.public_release_datetime)) {
    const day = companyMove(f, date);
    if (day) {
      out.close = perShare(day.close);
      out.day_change = percent(day.change);
    }
  }
  if (f.story) Object.assign(out, storyFigures(f.story, f.bars, f.event.event_date, f.earnings));
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

/** Phrasings by event type. */
export const byType = <F extends object>(table: Record<string, readonly string[]>): Record<string, Phrase<F>[]> =>
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
  /** "fourth-quarter": the fiscal quarter of the release (results), else "latest". */
  quarter: string;
  // The story's body (story.yaml names them).
  speaker?: string;
  speakerTitle?: string;
  quote?: string;
  quoteLead?: string;
  analyst?: string;
  firm?: string;
  rating?: string;
  target?: string;
  quarterVerb: string;
  yearVerb: string;
  guideMove?: string;
  trendEps?: string;
  trendRevenue?: string;
  trendCount?: string;
  trendShape?: string;
  segmentList?: string;
  nextDate?: string;
  epsVs?: string;
  revenueVs?: string;
  majority?: string;
  lastEps?: string;
  lastRevenue?: string;
  peer?: string;
  peerPossessive?: string;
  peerKin?: "industry" | "sector";
  peerEps?: string;
  peerRevenue?: string;
  peerSurprise?: string;
  peerVs?: string;
  peerDate?: string;
}

const lower = (s: string) => s.toLowerCase();
/** "Meta Platforms'" / "Apple's". */
export const poss = (s: string) => (s.endsWith("s") ? `${s}'` : `${s}'s`);

const { company, fund } = PHRASES;
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

/**
 * A phrasing not yet written in another story of the same event when one fits (outlets on one event
 * do not repeat one another's sentences), else the first that fits; `said` keeps what was written.
 */
export const pickFresh = <F>(rng: Rng, phrases: Phrase<F>[], x: F, said: Set<string>): string => {
  let first: string | undefined;
  for (const p of rng.shuffle(phrases)) {
    const s = p(x);
    if (s === undefined) continue;
    if (!said.has(s)) {
      said.add(s);
      return s;
    }
    first ??= s;
  }
  return first ?? "";
};

export const pickWith = <F>(rng: Rng, phrases: Phrase<F>[], x: F): string => {
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
  average_target: "target_price",
  guide_eps_low: "guidance",
  guide_revenue_low: "guidance",
  gross_margin: "gross_margin",
  operating_margin: "operating_margin",
  free_cash_flow: "free_cash_flow",
};

/** The figures a text writes, in order of first use, and the metrics they are. */
function used(fig: Figures, text: string): { numbers: string[]; metrics: string[] } {
  const numbers: string[] = [];
  const metrics = new Set<string>();
  const written = new Set(numbersIn(text));
  for (const [name, value] of Object.entries(fig)) {
    if (!written.has(value) || numbers.includes(value)) continue;
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

export function finish(
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
    /** Other companies the text names (peers), by ticker. */
    peers?: string[];
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
    mentioned_tickers: about.ticker ? [about.ticker, ...(about.peers ?? [])] : [],
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
  if (f.story) out.push(...storyRecords(f.story, f.facts.ticker));
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
    quarter: quarterOf(f.earnings?.fiscal_period),
    ...storyWords(f),
  };
}

const QUARTERS = ["first", "second", "third", "fourth"];
/** A release's quarter as a headline writes it: "fourth-quarter" ("latest" without one). */
const quarterOf = (fiscalPeriod: string | undefined) => {
  const q = fiscalPeriod && /Q([1-4])/.exec(fiscalPeriod);
  return q ? `${QUARTERS[Number(q[1]) - 1]}-quarter` : "latest";
};

/** Against the consensus, in a word: a surprise within `band` of it is in line. */
const versus = (surprise: number | null | undefined, band: number) =>
  surprise === null || surprise === undefined
    ? undefined
    : Math.abs(surprise) < band
      ? "inline"
      : surprise > 0
        ? "above"
        : "below";

/** The words of a story's body that every paragraph may use (story.yaml). */
function storyWords(f: CompanyFactsOn) {
  const s = f.story;
  const { quarterVerb, yearVerb } = pathVerbs(f.bars, f.event.event_date);
  if (!s) return { quarterVerb, yearVerb };
  const q = f.earnings?.quarterly;
  const counts = ratingCounts(s.analysts);
  const top = (Object.entries(counts) as [string, number][]).sort((a, b) => b[1] - a[1]);
  const last = s.history[s.history.length - 1];
  const eps = s.guidance.find((g) => g.metric_name === "earnings_per_share") ?? s.guidance[0];
  const segments = s.segments.filter((g) => g.revenue !== null);
  return {
    quarterVerb,
    yearVerb,
    ...trendWords(s.history),
    guideMove: eps?.change_direction,
    segmentList: segments.length > 1 ? prose(segments.map((g) => `${g.segment} (${amount(g.revenue!)})`)) : undefined,
    nextDate: s.nextRelease && roughDate(s.nextRelease),
    epsVs: versus(q?.eps_surprise_pct, 0.01),
    revenueVs: versus(q?.revenue_surprise_pct, 0.005),
    majority: top.length && top[0][1] > 0 ? (top[0][1] === top[1][1] ? "mixed" : top[0][0]) : undefined,
    lastEps: last && perShare(last.quarterly.earnings_per_share),
    lastRevenue: last && amount(last.quarterly.revenue),
  };
}

/** The sections of story.yaml as phrasings, slot by slot. */
const SECTIONS = Object.fromEntries(
  STORY_SECTIONS.map((name) => [name, STORY.company[name].map((slot) => phrasings<Words>(slot))]),
) as Record<StorySection, Phrase<Words>[][]>;

/** events.yaml's sections as phrasings, by event type. */
const eventSections = (table: Partial<Record<string, string[][]>>) =>
  Object.fromEntries(
    Object.entries(table).map(([type, slots]) => [type, slots!.map((slot) => phrasings<Words>(slot))]),
  ) as Record<string, Phrase<Words>[][]>;
const EVENT_SECTIONS = {
  background: eventSections(EVENTS.background),
  stakes: eventSections(EVENTS.stakes),
  precedent: eventSections(EVENTS.precedent),
  outlook: eventSections(EVENTS.outlook),
};

/** One paragraph: a phrasing of each slot that fits, joined (company, market and fund stories alike). */
export const paragraphOf = <F>(rng: Rng, slots: Phrase<F>[][], w: F, said: Set<string>): string =>
  slots
    .map((slot) => pickFresh(rng, slot, w, said))
    .filter(Boolean)
    .join(" ");
/**
 * A brief's paragraph on the event states one of its section's slots, drawn: a short story made of
 * a few stock sentences shares too many of them with other briefs (docs/news.md, "Variety").
 */
const BRIEF_SLOTS = 1;
const briefer = <T>(rng: Rng, format: ArticleFormat, slots: T[]): T[] => {
  if (format !== "brief" || slots.length <= BRIEF_SLOTS) return slots;
  const kept = new Set(rng.shuffle(slots.map((_, i) => i)).slice(0, BRIEF_SLOTS));
  return slots.filter((_, i) => kept.has(i));
};
const sectionOf = (rng: Rng, name: StorySection, w: Words, said: Set<string>): string =>
  paragraphOf(rng, SECTIONS[name], w, said);

/** An officer's words as quoted: the sentence, and the same leading its attribution (“We grew,” she said). */
const quoted = (quote: string) => ({ quote, quoteLead: quote.replace(/[.!]$/, ",") });

/** A peer's words (story.yaml `peer`): its name and its latest release against the consensus. */
function peerWords(p: PeerRecords) {
  const q = p.release.quarterly;
  const peer = shortName(p.name);
  return {
    peer,
    peerPossessive: poss(peer),
    peerKin: p.sameIndustry ? ("industry" as const) : ("sector" as const),
    peerEps: perShare(q.earnings_per_share),
    peerRevenue: amount(q.revenue),
    peerSurprise: q.eps_surprise_pct === null ? undefined : percent(q.eps_surprise_pct),
    peerVs: versus(q.eps_surprise_pct, 0.01),
    peerDate: roughDate(p.release.filing_date),
  };
}

/** An events.yaml entry for an event type, or its default. */
const byEvent = <T>(table: Partial<Record<string, T>>, type: string): T => table[type] ?? table.default!;

/** Events a company makes no statement on: filings of others, the market's news, rumours. */
const NO_STATEMENT = new Set(["insider_purchase", "stake_disclosure", "catalyst_impact", "merger_rumor"]);

/**
 * A story's paragraphs by its plan (story.yaml `plans`): the lead and phrases.yaml's parts, the
 * officers quoted from the call, the analysts one each, the sections of the body.
 */
function storyParagraphs(
  f: CompanyFactsOn,
  format: ArticleFormat,
  w: Words,
  lead: string,
  rng: Rng,
  said: Set<string>,
): string[] {
  const isEarnings = f.event.event_type === "earnings_release";
  const plan: StoryPart[] = STORY.plans[isEarnings ? "results" : "other"][format];
  const s = f.story;
  const analysts = rng.shuffle(s?.analysts ?? []);
  const peers = [...(s?.peers ?? [])];
  const officer = (who: "ceo" | "cfo"): string => {
    const name = s?.[who];
    const quotes = s?.call?.[who] ?? [];
    if (!name || quotes.length === 0) return "";
    const speakerTitle = who === "ceo" ? "chief executive" : "chief financial officer";
    return sectionOf(rng, "officer_quote", { ...w, speaker: name, speakerTitle, ...quoted(rng.pick(quotes)) }, said);
  };
  const part = (p: StoryPart): string => {
    switch (p) {
      case "lead":
        return lead;
      case "detail":
        return pickFresh(rng, EARNINGS_DETAIL, w, said);
      case "run_up":
        return pickFresh(rng, RUN_UP, w, said);
      case "context":
        return pickFresh(rng, CONTEXT, w, said);
      case "closer":
        return pickFresh(rng, CLOSERS[isEarnings ? "earnings_release" : "default"], w, said);
      case "ceo":
      case "cfo":
        return officer(p);
      case "statement":
        if (!s?.ceo || NO_STATEMENT.has(f.event.event_type)) return "";
        return sectionOf(
          rng,
          "statement",
          {
            ...w,
            speaker: s.ceo,
            speakerTitle: "chief executive",
            ...quoted(rng.pick(byEvent(EVENTS.statements, f.event.event_type))),
          },
          said,
        );
      case "background":
      case "stakes":
      case "precedent":
      case "outlook":
        return paragraphOf(rng, briefer(rng, format, byEvent(EVENT_SECTIONS[p], f.event.event_type)), w, said);
      case "analyst": {
        const a = analysts.shift();
        if (!a) return "";
        const target = perShare(a.target_price);
        return sectionOf(rng, "analyst", { ...w, analyst: a.analyst, firm: a.firm, rating: a.rating, target }, said);
      }
      case "peer": {
        const peer = peers.shift();
        return peer ? sectionOf(rng, "peer", { ...w, ...peerWords(peer) }, said) : "";
      }
      default:
        return sectionOf(rng, p, w, said);
    }
  };
  return plan.map(part);
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
  // Sentences written about this event so far: another outlet's story takes other phrasings.
  const said = new Set<string>();
  // The event's figures by the date of a story (the release day's, the reaction day's).
  const figuresOn = new Map<string, Figures>();
  const write = (date: string, format: ArticleFormat, n: number, titlePick: Phrase<Words>[]) => {
    let fig = figuresOn.get(date);
    if (!fig) figuresOn.set(date, (fig = companyFigures(f, date)));
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
    const lead = pickFresh(
      rng,
      format === "market_move" ? LEADS.market_move : isEarnings ? LEADS.earnings_release : leadsOf(e.event_type),
      w,
      said,
    );
    const paragraphs = storyParagraphs(f, format, w, lead, rng, said);
    const body = paragraphs.join("\n");
    const named = (f.story?.peers ?? []).filter((p) => body.includes(shortName(p.name)));
    out.push(
      finish(worldKey, { date, format, title: title + tail, paragraphs }, outlet, author, n, {
        ticker: f.facts.ticker,
        event: e,
        entities: [...entitiesOf(f), ...named.map((p) => p.name)],
        peers: named.map((p) => p.ticker),
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
    const day = !afterTheClose(e.public_release_datetime) ? e.event_date : nextDay(f.bars, e.event_date);
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
  // The text restates its cause's summary, with that summary's numbers, and the fund's path before the day.
  return {
    ...summaryFigures(f.event),
    ...pathFigures(f.bars, f.event.event_date),
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
  quarterVerb: string;
  yearVerb: string;
}

const FUND_TITLES = phrasings<FundWords>(fund.titles);
const FUND_LEADS = phrasings<FundWords>(fund.leads);
const FUND_CONTEXT = fund.context.map((slot) => phrasings<FundWords>(slot));
const FUND_NEWS = phrasings<FundWords>(fund.news);
const FUND_PATH = fund.path.map((slot) => phrasings<FundWords>(slot));

/** Whether a fund's day is news: a move of 1% or more, or volume 1.2 times its average or more. */
export function fundDayIsNews(f: FundFactsOn): boolean {
  const fig = fundFigures(f);
  const day = move(f.bars, f.event.event_date);
  return !!fig.close && !!day && (Math.abs(day.change) >= 0.01 || Number(fig.volume_multiple) >= 1.2);
}

/** One fund-flow article on a market event's day (funds serve fund-flow news: docs/contract.md, "Ticker universe"). */
export function fundArticle(
  worldKey: string,
  f: FundFactsOn,
  room: Newsroom,
  rng: Rng,
  said: Set<string> = new Set(),
): ArticleDetail | null {
  const fig = fundFigures(f);
  if (!fig.close) return null;
  const day = move(f.bars, f.event.event_date)!;
  const multiple = Number(fig.volume_multiple);
  const flow = multiple >= 1.2 ? "heavy" : multiple < 0.8 ? "light" : "steady";
  const w: FundWords = {
    ...f.fund,
    fig,
    up: day.change >= 0,
    flow,
    summary: f.event.public_summary,
    ...pathVerbs(f.bars, f.event.event_date),
  };
  const outlet = rng.pick(OUTLETS);
  const paragraphs = [
    pickFresh(rng, FUND_LEADS, w, said),
    pickFresh(rng, FUND_NEWS, w, said),
    paragraphOf(rng, FUND_PATH, w, said),
    paragraphOf(rng, FUND_CONTEXT, w, said),
  ].filter(Boolean);
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
