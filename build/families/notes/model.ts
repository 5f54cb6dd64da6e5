// Analyst notes: what a covering analyst's firm wrote with a publication prompted by an event (the
// quarter's results, or company news). Each note states the rating, target and estimates that the
// firm published that day (`/analyst-estimates`) and, after results, the reported figures of the
// release it reacts to; its tone is the sign of the rating or target change. Per-share figures are
// as published on the note's date (/analyst-estimates restates them for later splits).
import { createHash } from "node:crypto";
import type { PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Earnings } from "../../../src/families/earnings/rows.ts";
import { amount, perShare, percent } from "../../models/amounts.ts";
import type { PublicEvent } from "../../models/events.ts";
import { shortName, type Sentiment } from "../news/model.ts";
import type { Rng } from "../../ground/rng.ts";

export interface AnalystNote {
  date: string;
  artifact_id: string;
  ticker: string;
  artifact_type: "analyst_note";
  title: string;
  text: string;
  sentiment: Sentiment;
  visible_from: string;
  firm: string;
  analyst: string;
  rating: PublishedEstimates["rating"];
  prior_rating: PublishedEstimates["rating"] | null;
  target_price: number;
  prior_target_price: number | null;
  /** The publication it accompanies (`/analyst-estimates` ids start with it). */
  estimate_id: string;
  source_event_id: string;
}

/** What a note may state: the publication, the analyst's previous one, and the release it reacts to. */
export interface NoteRecords {
  facts: CompanyFacts;
  publication: PublishedEstimates;
  previous?: PublishedEstimates;
  event: PublicEvent;
  /** The release's row, for a note after results. */
  earnings?: Earnings;
}

/** A target moves the tone when it changes by this much or more. */
const TARGET_MOVE = 0.02;

/** The note's figures, formatted as its text writes them: the check recomputes them from the records. */
export function noteFigures(r: NoteRecords): Record<string, string> {
  const p = r.publication;
  const out: Record<string, string> = {
    target: perShare(p.target_price),
    quarter_eps: perShare(p.quarter.eps),
    quarter_revenue: amount(p.quarter.revenue),
  };
  if (p.prior_target_price !== null) {
    out.prior_target = perShare(p.prior_target_price);
    out.target_change = percent(p.target_price / p.prior_target_price - 1);
  }
  if (p.year) {
    out.year_eps = perShare(p.year.eps);
    out.year_revenue = amount(p.year.revenue);
    out.estimate_year = p.year.fiscal_period.slice(-4);
  }
  if (r.earnings) {
    out.reported_eps = perShare(r.earnings.quarterly.earnings_per_share);
    out.reported_revenue = amount(r.earnings.quarterly.revenue);
    out.reported_year = r.earnings.fiscal_period.slice(-4);
  }
  return out;
}

const RANK = { sell: 0, hold: 1, buy: 2 } as const;

/** Upgrade positive, downgrade negative; else a target raised or cut by 2% or more; else neutral. */
export function noteSentiment(r: NoteRecords): Sentiment {
  const p = r.publication;
  const before = r.previous?.rating;
  if (before && before !== p.rating) return RANK[p.rating] > RANK[before] ? "positive" : "negative";
  if (p.prior_target_price === null) return "neutral";
  const change = p.target_price / p.prior_target_price - 1;
  return Math.abs(change) < TARGET_MOVE ? "neutral" : change > 0 ? "positive" : "negative";
}

const RATING_WORDS = { buy: "Buy", hold: "Hold", sell: "Sell" } as const;

type Phrase = (w: Words) => string | undefined;

interface Words {
  firm: string;
  analyst: string;
  short: string;
  ticker: string;
  rating: string;
  priorRating: string | null;
  fig: Record<string, string>;
  tone: Sentiment;
  results: boolean;
  period: string;
  year: string | null;
}

const TITLES: Phrase[] = [
  (w) =>
    w.priorRating && w.priorRating !== w.rating
      ? `${w.firm} ${w.tone === "positive" ? "upgrades" : "downgrades"} ${w.short} to ${w.rating}`
      : undefined,
  (w) =>
    w.fig.prior_target && w.tone !== "neutral"
      ? `${w.firm} ${w.tone === "positive" ? "raises" : "cuts"} ${w.ticker} target to ${w.fig.target}`
      : undefined,
  (w) => `${w.short}: ${w.rating}, target ${w.fig.target} (${w.firm})`,
  (w) => `${w.firm} ${w.priorRating === w.rating ? "reiterates" : "rates"} ${w.short} ${w.rating}`,
  (w) => (w.results ? `${w.short} after the quarter: ${w.rating}, ${w.fig.target} target` : undefined),
];

const OPENINGS: Phrase[] = [
  (w) =>
    w.results
      ? `${w.short} reported EPS of ${w.fig.reported_eps} on revenue of ${w.fig.reported_revenue} for ${w.period}.`
      : `We update our view of ${w.short} after the company's latest news.`,
  (w) =>
    w.results
      ? `The quarter came in at ${w.fig.reported_eps} a share, with revenue of ${w.fig.reported_revenue}.`
      : `Company news prompts a review of our ${w.short} estimates.`,
  (w) =>
    w.results
      ? `Following ${w.period} results (EPS ${w.fig.reported_eps}, revenue ${w.fig.reported_revenue}), we revisit our model.`
      : `Following the company's announcement, we revisit our model for ${w.short}.`,
];

const RATING_LINES: Phrase[] = [
  (w) =>
    `We ${w.priorRating && w.priorRating !== w.rating ? `move to ${w.rating} from ${w.priorRating}` : `remain at ${w.rating}`}, with a 12-month price target of ${w.fig.target}${w.fig.prior_target ? ` (previously ${w.fig.prior_target})` : ""}.`,
  (w) =>
    `Our rating is ${w.rating}${w.priorRating && w.priorRating !== w.rating ? ` (was ${w.priorRating})` : ""}; the target ${w.fig.prior_target ? `moves from ${w.fig.prior_target} to ${w.fig.target}` : `is ${w.fig.target}`}.`,
  (w) =>
    `${w.rating} rating${w.priorRating && w.priorRating !== w.rating ? `, changed from ${w.priorRating},` : ""} and a ${w.fig.target} target${w.fig.target_change ? `, ${w.fig.target_change} ${w.tone === "negative" ? "below" : "from"} our prior` : ""}.`,
];

const ESTIMATE_LINES: Phrase[] = [
  (w) =>
    `For the quarter ahead we expect EPS of ${w.fig.quarter_eps} on revenue of ${w.fig.quarter_revenue}${w.year && w.fig.year_eps ? `, and ${w.fig.year_eps} for ${w.year}` : ""}.`,
  (w) =>
    `Our estimates: ${w.fig.quarter_eps} a share and ${w.fig.quarter_revenue} of revenue next quarter${w.year && w.fig.year_revenue ? `; ${w.fig.year_revenue} of revenue in ${w.year}` : ""}.`,
  (w) =>
    `We model ${w.fig.quarter_revenue} of sales and ${w.fig.quarter_eps} of EPS for the quarter ahead${w.year && w.fig.year_eps ? ` (${w.year}: ${w.fig.year_eps})` : ""}.`,
];

const CLOSERS: Phrase[] = [
  () => `Risks include execution, competition and the broader economy.`,
  (w) => `We will revisit the ${w.short} thesis as the year unfolds.`,
  () => `Valuation and estimate revisions remain the key drivers in our view.`,
  (w) => `${w.analyst}, ${w.firm}.`,
];

const pick = (rng: Rng, phrases: Phrase[], w: Words) => {
  for (const p of rng.shuffle(phrases)) {
    const s = p(w);
    if (s !== undefined) return s;
  }
  return "";
};

export function noteId(ticker: string, p: PublishedEstimates): string {
  const hash = createHash("sha256").update(`${ticker}|${p.id}`).digest("hex").slice(0, 12);
  return `anl_${p.estimate_date.replaceAll("-", "")}_${hash}`;
}

/** The note accompanying a publication prompted by an event. */
export function analystNote(r: NoteRecords, rng: Rng): AnalystNote {
  const p = r.publication;
  const fig = noteFigures(r);
  const tone = noteSentiment(r);
  const w: Words = {
    firm: p.firm,
    analyst: p.analyst,
    short: shortName(r.facts.name),
    ticker: r.facts.ticker,
    rating: RATING_WORDS[p.rating],
    priorRating: r.previous ? RATING_WORDS[r.previous.rating] : null,
    fig,
    tone,
    results: r.earnings !== undefined,
    period: r.earnings?.fiscal_period ?? "",
    year: p.year?.fiscal_period ?? null,
  };
  const text = [pick(rng, OPENINGS, w), pick(rng, RATING_LINES, w), pick(rng, ESTIMATE_LINES, w), pick(rng, CLOSERS, w)]
    .filter(Boolean)
    .join("\n\n");
  return {
    date: p.estimate_date,
    artifact_id: noteId(r.facts.ticker, p),
    ticker: r.facts.ticker,
    artifact_type: "analyst_note",
    title: pick(rng, TITLES, w),
    text,
    sentiment: tone,
    visible_from: p.estimate_date,
    firm: p.firm,
    analyst: p.analyst,
    rating: p.rating,
    prior_rating: r.previous?.rating ?? null,
    target_price: p.target_price,
    prior_target_price: p.prior_target_price,
    estimate_id: p.id,
    source_event_id: r.event.event_id,
  };
}
