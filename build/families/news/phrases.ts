// The words of the news (phrases.yaml): every phrasing of every part of an article, checked when this
// module loads (well-formed templates naming only the words their part is given). model.ts composes
// the articles from them.
import { z } from "zod";
import { readDataFile } from "../../ground/data-file.ts";
import { Phrasings, Template } from "../../models/phrasing.ts";

/** The words a company article's phrasings may name (model.ts gives them). */
export const COMPANY_WORDS = [
  "name",
  "short",
  "shortPossessive",
  "ticker",
  "sector",
  "sectorLower",
  "industry",
  "industryLower",
  "industryArticle",
  "summary",
  "summaryClause",
  "summaryInline",
  "tone",
  "dayVerb",
  "monthVerb",
  "growth",
  "quarter",
  "fig",
] as const;
export type CompanyWord = (typeof COMPANY_WORDS)[number];

/** The fallback headline's words: the company's, the event's type and the outlet's name. */
const FALLBACK_TITLE_WORDS = [...COMPANY_WORDS, "event", "outlet"] as const;

export const MARKET_WORDS = [
  "summary",
  "summaryClause",
  "summaryInline",
  "bank",
  "bankPossessive",
  "level",
  "move",
  "tone",
  "verb",
  "fig",
] as const;
export type MarketWord = (typeof MARKET_WORDS)[number];

export const FUND_WORDS = [
  "ticker",
  "name",
  "benchmark",
  "up",
  "flow",
  "summary",
  "fig",
  "quarterVerb",
  "yearVerb",
] as const;
export type FundWord = (typeof FUND_WORDS)[number];

const Company = Phrasings(COMPANY_WORDS);
const CompanyPhrases = z.strictObject({
  titles: z.strictObject({
    earnings_release: Company,
    market_move: Company,
    guidance_change: Company,
    insider_purchase: Company,
    stake_disclosure: Company,
    product_launch: Company,
    lawsuit: Company,
    management_change: Company,
    merger_rumor: Company,
    merger_agreement: Company,
    merger_completed: Company,
    merger_terminated: Company,
    acquisition_agreement: Company,
    acquisition_completed: Company,
    acquisition_terminated: Company,
    bankruptcy_filing: Company,
    delisting: Company,
    initial_public_offering: Company,
    regulatory_action: Company,
    contract_win: Company,
    catalyst_impact: Company,
  }),
  fallback_title: Template(FALLBACK_TITLE_WORDS),
  tails: Company,
  leads: z.strictObject({ earnings_release: Company, market_move: Company, initial_public_offering: Company }),
  event_leads: Company,
  filing_leads: Company,
  earnings_detail: Company,
  context: Company,
  run_up: Company,
  closers: z.strictObject({ earnings_release: Company, default: Company }),
});

const Market = Phrasings(MARKET_WORDS);
const MarketPhrases = z.strictObject({
  titles: z.strictObject({
    policy_decision: Market,
    inflation_release: Market,
    macro_catalyst: Market,
  }),
  tails: Market,
  leads: Market,
  moves: Market,
  closers: Market,
});

const Fund = Phrasings(FUND_WORDS);
const FundPhrases = z.strictObject({
  titles: Fund,
  leads: Fund,
  news: Fund,
  /** The fund's path before the day: a phrasing of each slot that fits, in order. */
  path: z.array(Fund).min(1),
  /** Who the fund is, and what its trading says: a phrasing of each slot, in order. */
  context: z.array(Fund).min(1),
});

const NewsPhrases = z.strictObject({ company: CompanyPhrases, market: MarketPhrases, fund: FundPhrases });
export type NewsPhrases = z.infer<typeof NewsPhrases>;

export const PHRASES: NewsPhrases = readDataFile(new URL("./phrases.yaml", import.meta.url), NewsPhrases);

/** The words a story's body may name (story.yaml; model.ts gives them). */
export const STORY_WORDS = [
  ...COMPANY_WORDS,
  "speaker",
  "speakerTitle",
  "quote",
  "quoteLead",
  "analyst",
  "firm",
  "rating",
  "target",
  "quarterVerb",
  "yearVerb",
  "guideMove",
  "trendEps",
  "trendRevenue",
  "trendCount",
  "trendShape",
  "segmentList",
  "nextDate",
  "epsVs",
  "revenueVs",
  "majority",
  "lastEps",
  "lastRevenue",
  "peer",
  "peerPossessive",
  "peerKin",
  "peerEps",
  "peerRevenue",
  "peerSurprise",
  "peerVs",
  "peerDate",
] as const;
export type StoryWord = (typeof STORY_WORDS)[number];

/** A paragraph: sentence slots, each with its phrasings. */
const Section = z.array(Phrasings(STORY_WORDS)).min(1);
/** A quote: a whole sentence with no figure. */
const Quote = z.string().regex(/^[A-Z][^\d{}“”"]*[.!]$/, "a whole sentence with no digit, brace or quotation mark");

export const STORY_SECTIONS = [
  "peer",
  "consensus",
  "guidance",
  "trend",
  "path",
  "officer_quote",
  "statement",
  "analyst",
  "ratings",
  "segments",
  "margins",
  "watch",
  "next",
  "last_results",
  "reaction",
  "session",
  "guidance_view",
  "cash",
  "valuation",
  "consensus_view",
  "peers_view",
] as const;
export type StorySection = (typeof STORY_SECTIONS)[number];

/** The parts of a story in order: phrases.yaml's, the officers', or a section. */
const STORY_PARTS = [
  "lead",
  "detail",
  "run_up",
  "context",
  "closer",
  "ceo",
  "cfo",
  "background",
  "stakes",
  "precedent",
  "outlook",
  ...STORY_SECTIONS,
] as const;
export type StoryPart = (typeof STORY_PARTS)[number];
const Plan = z.array(z.enum(STORY_PARTS)).min(1);
const Plans = z.strictObject({ brief: Plan, wire: Plan, analysis: Plan, market_move: Plan });

const StoryPhrases = z.strictObject({
  company: z.strictObject(
    Object.fromEntries(STORY_SECTIONS.map((s) => [s, Section])) as Record<StorySection, typeof Section>,
  ),
  plans: z.strictObject({ results: Plans, other: Plans }),
});
export type StoryPhrases = z.infer<typeof StoryPhrases>;

export const STORY: StoryPhrases = readDataFile(new URL("./story.yaml", import.meta.url), StoryPhrases);

/** The company event types other than results (events.yaml keys its entries by them, or `default`). */
export const OTHER_EVENTS = [
  "guidance_change",
  "insider_purchase",
  "stake_disclosure",
  "product_launch",
  "lawsuit",
  "management_change",
  "merger_rumor",
  "merger_agreement",
  "merger_completed",
  "merger_terminated",
  "acquisition_agreement",
  "acquisition_completed",
  "acquisition_terminated",
  "bankruptcy_filing",
  "delisting",
  "initial_public_offering",
  "regulatory_action",
  "contract_win",
  "catalyst_impact",
] as const;

/** Entries by event type, with a default for the rest. */
const ByEvent = <T extends z.ZodType>(entry: T) =>
  z.partialRecord(z.enum(["default", ...OTHER_EVENTS]), entry).refine((r) => "default" in r, "a default entry");
/** events.yaml: prose only, so no digit. */
const NoDigit = (s: unknown) => !/\d/.test(JSON.stringify(s));
const EventPhrases = z
  .strictObject({
    background: ByEvent(Section),
    stakes: ByEvent(Section),
    precedent: ByEvent(Section),
    outlook: ByEvent(Section),
    statements: ByEvent(z.array(Quote).min(1)),
  })
  .refine(NoDigit, "a digit in events.yaml");
export type EventPhrases = z.infer<typeof EventPhrases>;

export const EVENTS: EventPhrases = readDataFile(new URL("./events.yaml", import.meta.url), EventPhrases);

/** The words a market story's body may name (markets.yaml; market.ts gives them). */
export const MARKET_STORY_WORDS = [...MARKET_WORDS, "monthVerb", "yieldVerb", "spreadVerb", "volatilityVerb"] as const;
export type MarketStoryWord = (typeof MARKET_STORY_WORDS)[number];
const MarketSection = z.array(Phrasings(MARKET_STORY_WORDS)).min(1);
const MARKET_EVENTS = ["default", "policy_decision", "inflation_release", "macro_catalyst"] as const;
const ByMarketEvent = z
  .partialRecord(z.enum(MARKET_EVENTS), MarketSection)
  .refine((r) => "default" in r, "a default entry");
const MARKET_PARTS = ["lead", "moves", "closer", "tape", "month", "background", "implications", "outlook"] as const;
export type MarketPart = (typeof MARKET_PARTS)[number];
const MarketPlan = z.array(z.enum(MARKET_PARTS)).min(1);
const MarketStoryPhrases = z.strictObject({
  tape: MarketSection,
  month: MarketSection,
  background: ByMarketEvent,
  implications: ByMarketEvent,
  outlook: ByMarketEvent,
  plans: z.strictObject({ wire: MarketPlan, analysis: MarketPlan }),
});
export type MarketStoryPhrases = z.infer<typeof MarketStoryPhrases>;

export const MARKET_STORY: MarketStoryPhrases = readDataFile(
  new URL("./markets.yaml", import.meta.url),
  MarketStoryPhrases,
);
