// News of a market-wide event (a policy decision, an inflation print, the catalyst): a few outlets'
// stories on its day, stating its summary and the macro tape of the day and the month before it
// (the market, the ten-year yield, credit spreads, the volatility index). Composed like company
// stories (model.ts) from phrases.yaml's market part and markets.yaml's sections.
import type { MacroObservation } from "../../../src/families/macro/rows.ts";
import type { Sentiment } from "../../models/artifacts.ts";
import { percent } from "../../models/amounts.ts";
import type { PublicEvent } from "../../models/events.ts";
import type { Rng } from "../../ground/rng.ts";
import { phrasings } from "../../models/phrasing.ts";
import { OUTLETS } from "./outlets.ts";
import { MARKET_STORY, PHRASES, type MarketPart, type MarketStoryWord } from "./phrases.ts";
import type { Phrase } from "../../models/phrasing.ts";
import {
  byType,
  finish,
  paragraphOf,
  pickFresh,
  pickWith,
  poss,
  summaryFigures,
  type ArticleDetail,
  type Figures,
  type Newsroom,
} from "./model.ts";

const { market } = PHRASES;

/** The macro tape's levels a story states (MacroObservation's). */
type Tape = Pick<MacroObservation, "ten_year_yield" | "credit_spread" | "volatility_index" | "risk_free_rate">;

/** What a market article may state: its cause and the macro tape's day. */
export interface MarketFactsOn {
  event: PublicEvent;
  /** The market's return on the article's date (the macro tape's `market_return`). */
  marketReturn: number | null;
  /** The tape on the article's date and a month (21 trading days) before, and the market's return over that month. */
  tape?: { today: Tape; monthAgo: Tape; marketMonth: number };
}

/** A level the tape gives in percent ("3.84%"), and a change of one in basis points ("25"). */
const level = (x: number) => `${x.toFixed(2)}%`;
const basisPoints = (x: number) => String(Math.round(Math.abs(x) * 100));

export function marketFigures(m: MarketFactsOn): Figures {
  const out: Figures = {};
  // The summaries' own numbers (a rate level, a basis-point move, an inflation reading).
  Object.assign(out, summaryFigures(m.event));
  if (m.marketReturn !== null) out.market_change = percent(m.marketReturn);
  if (m.tape) {
    const { today, monthAgo, marketMonth } = m.tape;
    out.market_month = percent(marketMonth);
    out.ten_year = level(today.ten_year_yield);
    out.ten_year_month = basisPoints(today.ten_year_yield - monthAgo.ten_year_yield);
    out.credit_spread = level(today.credit_spread);
    out.credit_spread_month = basisPoints(today.credit_spread - monthAgo.credit_spread);
    out.volatility_index = today.volatility_index.toFixed(1);
    out.volatility_index_month = monthAgo.volatility_index.toFixed(1);
  }
  return out;
}

/** The directions of the month's moves, for their verbs (rose / fell). */
function tapeVerbs(m: MarketFactsOn) {
  const t = m.tape;
  const verb = (x: number | undefined) => (x !== undefined && x < 0 ? "fell" : "rose");
  return {
    monthVerb: verb(t?.marketMonth),
    yieldVerb: verb(t && t.today.ten_year_yield - t.monthAgo.ten_year_yield),
    spreadVerb: verb(t && t.today.credit_spread - t.monthAgo.credit_spread),
    volatilityVerb: verb(t && t.today.volatility_index - t.monthAgo.volatility_index),
  };
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

/** A market article's words: what its phrasings may write (phrases.yaml names them). */
interface MarketWords extends Record<MarketStoryWord, unknown> {
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
  monthVerb: string;
  yieldVerb: string;
  spreadVerb: string;
  volatilityVerb: string;
}

type Slots = Phrase<MarketWords>[][];
const slotsOf = (section: string[][]): Slots => section.map((slot) => phrasings<MarketWords>(slot));
/** markets.yaml's sections by event type, with their default. */
const byMarketEvent = (table: Partial<Record<string, string[][]>>) =>
  Object.fromEntries(Object.entries(table).map(([type, section]) => [type, slotsOf(section!)])) as Record<
    string,
    Slots
  >;
const MARKET_SECTIONS = {
  tape: slotsOf(MARKET_STORY.tape),
  month: slotsOf(MARKET_STORY.month),
  background: byMarketEvent(MARKET_STORY.background),
  implications: byMarketEvent(MARKET_STORY.implications),
  outlook: byMarketEvent(MARKET_STORY.outlook),
};

/** The share of market stories that state a paragraph's slot beyond its first. */
const MARKET_SLOT_SHARE = 0.75;

/** A market story's paragraphs by its plan (markets.yaml `plans`). */
function marketParagraphs(
  type: string,
  format: "wire" | "analysis",
  w: MarketWords,
  rng: Rng,
  said: Set<string>,
): string[] {
  // A paragraph states its first slot and each other one in three of four stories: market stories
  // on one kind of event otherwise share too many of their stock sentences (docs/news.md, "Variety").
  const paragraph = (slots: Slots) =>
    paragraphOf(
      rng,
      slots.filter((_, i) => i === 0 || rng.uniform() < MARKET_SLOT_SHARE),
      w,
      said,
    );
  const part = (p: MarketPart): string => {
    switch (p) {
      case "lead":
        return pickFresh(rng, MARKET_LEADS, w, said);
      case "moves":
        return pickFresh(rng, MARKET_MOVES, w, said);
      case "closer":
        return pickFresh(rng, MARKET_CLOSERS, w, said);
      case "tape":
      case "month":
        return paragraph(MARKET_SECTIONS[p]);
      default: {
        const table = MARKET_SECTIONS[p];
        return paragraph(table[type] ?? table.default);
      }
    }
  };
  return MARKET_STORY.plans[format].map(part);
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
    level: / (?:to|at) (-?[\d.]+%?(?:-[\d.]+%)?)\.$/.exec(s)?.[1] ?? "its new level",
    move: s.includes(" raised ") ? "hike" : s.includes(" cut ") ? "cut" : "hold",
    fig,
    tone,
    verb: m.marketReturn !== null && m.marketReturn < 0 ? "fell" : "rose",
    ...tapeVerbs(m),
  };
  const outlets = rng.shuffle(OUTLETS);
  const titles = rng.shuffle(MARKET_TITLES[e.event_type] ?? MARKET_TITLES.macro_catalyst);
  const out: ArticleDetail[] = [];
  // Sentences written about this event so far: another outlet's story takes other phrasings.
  const said = new Set<string>();
  for (let n = 0; n < reports; n++) {
    const outlet = outlets[n % outlets.length];
    const title =
      (pickWith(rng, [titles[n % titles.length]], w) || pickWith(rng, MARKET_TITLES.macro_catalyst, w)) +
      pickWith(rng, MARKET_TAILS, w);
    const format = n === 0 ? "wire" : "analysis";
    const paragraphs = marketParagraphs(e.event_type, format, w, rng, said);
    out.push(
      finish(worldKey, { date: e.event_date, format, title, paragraphs }, outlet, rng.pick(room.get(outlet.name)!), n, {
        ticker: null,
        event: e,
        entities: e.event_type === "policy_decision" ? [w.bank] : [],
        records: [`macro ${e.event_date}`],
        fig,
        tone,
      }),
    );
  }
  return out;
}
