// The body of a company story beyond its lead (docs/news.md, "Stories"): what a reporter adds from the
// records public on the event's day. The numbers against consensus, the guidance and how it moved, the
// last quarters' trend, the share price's path against the market, the covering firms' ratings and
// targets, the officers' words (on the release's call, or a statement), and what comes next. Every
// figure is named here, so the check recomputes it from the same records (family.ts).
import type { PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import type { Earnings, KpiGuidance } from "../../../src/families/earnings/rows.ts";
import type { Segment } from "../../../src/families/segments/rows.ts";
import { amount, perShare, percent } from "../../models/amounts.ts";

/** A daily close, as the prices family serves it. */
interface Close {
  time: string;
  close: number;
}

/** What a story may add to its lead: records public on its event's day. */
export interface StoryRecords {
  /** The releases before this event's, public by its day, oldest first (at most four). */
  history: Earnings[];
  /** The latest guidance of each guided metric issued by the event's day, for its latest fiscal year. */
  guidance: KpiGuidance[];
  /** Each covering firm's latest publication before the event's day, firms in name order. */
  analysts: PublishedEstimates[];
  /** The officers in the CEO's and CFO's seats that day. */
  ceo?: string;
  cfo?: string;
  /** The release's call: its id and sentences its officers said that state no figure. */
  call?: { id: string; ceo: string[]; cfo: string[] };
  /** The business segments of the release's quarter. */
  segments: Segment[];
  /** The next release's date, when the company had announced it by the event's day. */
  nextRelease?: string;
  /** Companies of the world in the same industry that reported shortly before (peersOn). */
  peers: PeerRecords[];
}

/** A company of the world as a peer: its facts and its releases public inside the world. */
export interface PeerSource {
  facts: { ticker: string; name: string; sector: string | null; industry: string | null };
  released: Earnings[];
}

/** A peer's latest release before the event's day. */
export interface PeerRecords {
  ticker: string;
  name: string;
  /** Of the company's own industry, else of its sector. */
  sameIndustry: boolean;
  release: Earnings;
}

/** Companies of the sector a story may compare, the nearest before it in the universe's order. */
const PEER_CANDIDATES = 12;

/**
 * The tickers a company's stories may compare: of its sector, the PEER_CANDIDATES nearest before it in
 * the universe's order. Their turns in the company pass have come, so none is generated early and
 * kept (asking a whole sector ahead of its turn held most of a 500-company world in memory).
 */
export function peerCandidates(companies: readonly PeerSource["facts"][], ticker: string): string[] {
  const at = companies.findIndex((c) => c.ticker === ticker);
  const sector = companies[at]?.sector;
  if (!sector) return [];
  return companies
    .slice(0, at)
    .filter((c) => c.sector === sector)
    .slice(-PEER_CANDIDATES)
    .map((c) => c.ticker);
}

/** Peers a story compares: at most this many, each with a release in the PEER_DAYS days before. */
const PEERS = 2;
const PEER_DAYS = 100;

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/**
 * The peers of a company on `date`: other companies of its sector whose latest release was filed
 * before `date` and at most PEER_DAYS earlier; those of its industry first, then the most recent.
 */
export function peersOn(company: PeerSource["facts"], candidates: Iterable<PeerSource>, date: string): PeerRecords[] {
  if (!company.sector) return [];
  const out: PeerRecords[] = [];
  for (const c of candidates) {
    if (c.facts.ticker === company.ticker || c.facts.sector !== company.sector) continue;
    const release = c.released.filter((r) => r.filing_date < date).at(-1);
    if (release && daysBetween(release.filing_date, date) <= PEER_DAYS)
      out.push({
        ticker: c.facts.ticker,
        name: c.facts.name,
        sameIndustry: c.facts.industry === company.industry,
        release,
      });
  }
  const order = (a: PeerRecords, b: PeerRecords) =>
    Number(b.sameIndustry) - Number(a.sameIndustry) ||
    b.release.filing_date.localeCompare(a.release.filing_date) ||
    a.ticker.localeCompare(b.ticker);
  return out.sort(order).slice(0, PEERS);
}

/** The figures a story may write of its peers: each one's EPS surprise and revenue. */
export function peerFigures(peers: PeerRecords[]): Figures {
  const out: Figures = {};
  peers.forEach((p, k) => {
    const q = p.release.quarterly;
    out[`peer_revenue_${k}`] = amount(q.revenue);
    out[`peer_eps_${k}`] = perShare(q.earnings_per_share);
    if (q.eps_surprise_pct !== null) out[`peer_surprise_${k}`] = percent(q.eps_surprise_pct);
  });
  return out;
}

export type Figures = Record<string, string>;

/** Trading days in a quarter and a year, for the price path. */
const QUARTER_DAYS = 63;
const YEAR_DAYS = 252;

/** The closes before `date` (the event's day is not in them). */
function closesBefore(bars: Close[], date: string): Close[] {
  let i = bars.length;
  while (i > 0 && bars[i - 1].time >= date) i--;
  return bars.slice(0, i);
}

const change = (closes: Close[], days: number): number | null =>
  closes.length > days ? closes[closes.length - 1].close / closes[closes.length - 1 - days].close - 1 : null;

/** The price path before the event: three months, a year, the year's range. */
export function pathFigures(bars: Close[], date: string): Figures {
  const closes = closesBefore(bars, date);
  const out: Figures = {};
  const quarter = change(closes, QUARTER_DAYS);
  const year = change(closes, YEAR_DAYS);
  if (quarter !== null) out.three_month_change = percent(quarter);
  if (year !== null) {
    const window = closes.slice(-YEAR_DAYS).map((b) => b.close);
    out.year_change = percent(year);
    out.year_high = perShare(Math.max(...window));
    out.year_low = perShare(Math.min(...window));
  }
  return out;
}

/** The direction of a path's figures, for their verbs (rose / fell). */
export function pathVerbs(bars: Close[], date: string): { quarterVerb: string; yearVerb: string } {
  const closes = closesBefore(bars, date);
  return {
    quarterVerb: (change(closes, QUARTER_DAYS) ?? 0) < 0 ? "fell" : "rose",
    yearVerb: (change(closes, YEAR_DAYS) ?? 0) < 0 ? "fell" : "rose",
  };
}

const metricKey = (g: KpiGuidance) => (g.metric_name === "earnings_per_share" ? "eps" : "revenue");
const guided = (g: KpiGuidance, x: number) => (g.metric_name === "earnings_per_share" ? perShare(x) : amount(x));

/** The ratings of the covering firms, counted. */
export function ratingCounts(analysts: PublishedEstimates[]): Record<"buy" | "hold" | "sell", number> {
  const out = { buy: 0, hold: 0, sell: 0 };
  for (const a of analysts) out[a.rating]++;
  return out;
}

/** Every figure a story's body may write, by name, from its records (and the company's bars). */
export function storyFigures(s: StoryRecords, bars: Close[], date: string, earnings?: Earnings): Figures {
  const out: Figures = pathFigures(bars, date);
  s.history.forEach((h, k) => {
    out[`trend_eps_${k}`] = perShare(h.quarterly.earnings_per_share);
    out[`trend_revenue_${k}`] = amount(h.quarterly.revenue);
  });
  const last = s.history[s.history.length - 1];
  if (last) out.last_fiscal_year = last.fiscal_period.slice(-4);
  for (const g of s.guidance) {
    const m = metricKey(g);
    out.guide_year = g.period.slice(-4);
    out[`guide_${m}_low`] = guided(g, g.low);
    out[`guide_${m}_high`] = guided(g, g.high);
    if (g.prior_value !== null) out[`guide_${m}_prior`] = guided(g, g.prior_value);
  }
  if (s.analysts.length > 0) {
    const counts = ratingCounts(s.analysts);
    out.covering_count = String(s.analysts.length);
    out.buy_count = String(counts.buy);
    out.hold_count = String(counts.hold);
    out.sell_count = String(counts.sell);
    out.average_target = perShare(s.analysts.reduce((a, p) => a + p.target_price, 0) / s.analysts.length);
    s.analysts.forEach((a, k) => (out[`analyst_target_${k}`] = perShare(a.target_price)));
  }
  s.segments.forEach((g, k) => {
    if (g.revenue !== null) out[`segment_revenue_${k}`] = amount(g.revenue);
  });
  Object.assign(out, peerFigures(s.peers));
  const q = earnings?.quarterly;
  if (q && q.revenue > 0) {
    out.gross_margin = percent(q.gross_profit / q.revenue);
    out.operating_margin = percent(q.operating_income / q.revenue);
    if (q.eps_surprise_pct !== null) out.eps_surprise = percent(q.eps_surprise_pct);
    if (q.revenue_surprise_pct !== null) out.revenue_surprise = percent(q.revenue_surprise_pct);
    if (q.free_cash_flow !== null) out.free_cash_flow = amount(q.free_cash_flow);
    if (q.cash_and_equivalents !== null) out.cash = amount(q.cash_and_equivalents);
    if (q.total_debt !== null) out.debt = amount(q.total_debt);
  }
  return out;
}

/** The records a story's body cites, beyond its lead's. */
export function storyRecords(s: StoryRecords, ticker: string): string[] {
  const out = s.history.map((h) => `earnings ${h.accession_number}`);
  for (const g of s.guidance) out.push(`guidance ${ticker} ${g.metric_name} ${g.period} ${g.issued_date}`);
  // The firm last: a short ticker before a capitalized word would read as part of a name to the mask.
  for (const a of s.analysts) out.push(`analyst-estimates ${ticker} ${a.estimate_date} ${a.firm}`);
  if (s.call) out.push(`transcripts ${s.call.id}`);
  for (const p of s.peers) out.push(`peer-earnings ${p.ticker} ${p.release.accession_number}`);
  if (s.nextRelease) out.push(`earnings-calendar ${ticker} ${s.nextRelease}`);
  return out;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A date in words with no figure: "late January", "mid-April". */
export function roughDate(date: string): string {
  const day = Number(date.slice(8, 10));
  const month = MONTHS[Number(date.slice(5, 7)) - 1];
  return day <= 10 ? `early ${month}` : day <= 20 ? `mid-${month}` : `late ${month}`;
}

/** A list in prose: "a, b and c". */
export const prose = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

const COUNT_WORDS = ["no", "one", "two", "three", "four"];

/** The trend of the last quarters, in words: the lists of EPS and revenue, their count and shape. */
export function trendWords(
  history: Earnings[],
): { trendEps: string; trendRevenue: string; trendCount: string; trendShape: string } | null {
  if (history.length < 2) return null;
  const revenue = history.map((h) => h.quarterly.revenue);
  const rising = revenue.every((r, k) => k === 0 || r >= revenue[k - 1]);
  const falling = revenue.every((r, k) => k === 0 || r <= revenue[k - 1]);
  return {
    trendEps: prose(history.map((h) => perShare(h.quarterly.earnings_per_share))),
    trendRevenue: prose(history.map((h) => amount(h.quarterly.revenue))),
    trendCount: COUNT_WORDS[history.length],
    trendShape: rising ? "rising" : falling ? "falling" : "uneven",
  };
}

/** Sentences fit to quote: whole, 10 to 40 words, stating no figure, not a greeting or a hand-off. */
export function quotable(text: string): string[] {
  return text
    .split(/\n\n|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /^[A-Z]/.test(s) && /[.!]$/.test(s) && !/\d/.test(s) && !/[“”"]/.test(s))
    .filter((s) => {
      const n = s.split(/\s+/).length;
      return n >= 10 && n <= 40;
    })
    .filter(
      (s) => !/\b(thank|thanks|good morning|good afternoon|welcome|operator|question|call|turn it)\b|Q&A/i.test(s),
    );
}
