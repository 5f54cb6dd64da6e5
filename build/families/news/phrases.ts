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

export const FUND_WORDS = ["ticker", "name", "benchmark", "up", "flow", "summary", "fig"] as const;
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
  news: Template(FUND_WORDS),
  context: Fund,
});

const NewsPhrases = z.strictObject({ company: CompanyPhrases, market: MarketPhrases, fund: FundPhrases });
export type NewsPhrases = z.infer<typeof NewsPhrases>;

export const PHRASES: NewsPhrases = readDataFile(new URL("./phrases.yaml", import.meta.url), NewsPhrases);
