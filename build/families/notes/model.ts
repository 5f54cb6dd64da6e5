// Analyst notes: what a covering analyst's firm wrote with a publication prompted by an event (the
// quarter's results, or company news). Each note states the rating, target and estimates that the
// firm published that day (`/analyst-estimates`) and, after results, the reported figures of the
// release it reacts to; its tone is the sign of the rating or target change. Per-share figures are
// as published on the note's date (/analyst-estimates restates them for later splits).
import type { AnalystNote as ServedNote } from "../../../src/families/notes/rows.ts";
import { createHash } from "node:crypto";
import type { PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Earnings } from "../../../src/families/earnings/rows.ts";
import { amount, perShare, percent } from "../../models/amounts.ts";
import type { PublicEvent } from "../../models/events.ts";
import { shortName, type Sentiment } from "../../models/artifacts.ts";
import { phrasings, type Phrase } from "../../models/phrasing.ts";
import type { Rng } from "../../ground/rng.ts";
import { PHRASES, type NoteWord } from "./phrases.ts";

/** A note as served (its shape is the worker's, src/families/notes/rows.ts). */
export type AnalystNote = ServedNote;

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

/** A rating as a note writes it ("Buy"). */
const RATING_WORDS = PHRASES.ratings;

/** A note's words: what its phrasings may write (phrases.yaml names them). */
interface Words extends Record<NoteWord, unknown> {
  firm: string;
  analyst: string;
  short: string;
  ticker: string;
  rating: string;
  priorRating: string | null;
  /** The rating against the analyst's previous one. */
  ratingMove: "changed" | "same" | "first";
  fig: Record<string, string>;
  tone: Sentiment;
  results: boolean;
  period: string;
  year: string | null;
}

const TITLES = phrasings<Words>(PHRASES.titles);
const OPENINGS = phrasings<Words>(PHRASES.openings);
const RATING_LINES = phrasings<Words>(PHRASES.rating_lines);
const ESTIMATE_LINES = phrasings<Words>(PHRASES.estimate_lines);
const CLOSERS = phrasings<Words>(PHRASES.closers);
const INITIATION_TITLES = phrasings<Words>(PHRASES.initiation.titles);
const INITIATION_OPENINGS = phrasings<Words>(PHRASES.initiation.openings);
const INITIATION_RATING_LINES = phrasings<Words>(PHRASES.initiation.rating_lines);

const pick = (rng: Rng, phrases: Phrase<Words>[], w: Words) => {
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
  const rating = RATING_WORDS[p.rating];
  const priorRating = r.previous ? RATING_WORDS[r.previous.rating] : null;
  const w: Words = {
    firm: p.firm,
    analyst: p.analyst,
    short: shortName(r.facts.name),
    ticker: r.facts.ticker,
    rating,
    priorRating,
    ratingMove: priorRating === null ? "first" : priorRating === rating ? "same" : "changed",
    fig,
    tone,
    results: r.earnings !== undefined,
    period: r.earnings?.fiscal_period ?? "",
    year: p.year?.fiscal_period ?? null,
  };
  // A firm's first note prompted by the listing initiates its coverage.
  const initiates = r.event.event_type === "initial_public_offering";
  const opening = pick(rng, initiates ? INITIATION_OPENINGS : OPENINGS, w);
  const ratingLine = pick(rng, initiates ? INITIATION_RATING_LINES : RATING_LINES, w);
  const text = [opening, ratingLine, pick(rng, ESTIMATE_LINES, w), pick(rng, CLOSERS, w)].filter(Boolean).join("\n\n");
  return {
    date: p.estimate_date,
    artifact_id: noteId(r.facts.ticker, p),
    ticker: r.facts.ticker,
    artifact_type: "analyst_note",
    title: pick(rng, initiates ? INITIATION_TITLES : TITLES, w),
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
