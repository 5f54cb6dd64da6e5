// The words of earnings calls (phrases.yaml): every phrasing of every turn of a call and the
// sectors' vocabularies its colour sentences draw from, checked when this module loads (well-formed
// templates naming only a call's words). model.ts composes the calls from them.
import { z } from "zod";
import { SECTORS } from "../../../src/contract/vocabulary.ts";
import { readDataFile } from "../../ground/data-file.ts";
import { Phrasings, Template } from "../../models/phrasing.ts";

/** The words a call's phrasings may name (model.ts gives them). */
export const CALL_WORDS = [
  "name",
  "short",
  "shortPossessive",
  "ticker",
  "sector",
  "sectorLower",
  "industryLower",
  /** "first" ... "fourth": the fiscal quarter in words. */
  "quarter",
  /** "morning" or "afternoon": when the call is held (a morning call follows a release before the open). */
  "daypart",
  "ceo",
  "ceoFirst",
  "cfo",
  "cfoFirst",
  "ir",
  "irFirst",
  "analyst",
  "analystFirst",
  "firm",
  /** The quarter's tone: positive, negative or neutral (the EPS surprise). */
  "tone",
  /** beat, miss or in_line, against the consensus. */
  "revenueSurprise",
  "epsSurprise",
  /** raised, cut, maintained, initiated or none. */
  "guidance",
  /** strong, steady or weak: the market's last three months (the public macro tape). */
  "environment",
  /** up or down: revenue against the year-ago quarter. */
  "growth",
  /** up or down: the operating margin against the year-ago quarter. */
  "margin",
  /** The asking analyst's rating: buy, hold or sell. */
  "view",
  "segment",
  /** up or down: the segment's revenue against its year-ago quarter. */
  "segmentGrowth",
  "kpi",
  /** Drawn afresh for each sentence from the sector's vocabulary. */
  "initiative",
  "product",
  "customer",
  "channel",
  "tailwind",
  "headwind",
  "fig",
] as const;
export type CallWord = (typeof CALL_WORDS)[number];

const Lines = Phrasings(CALL_WORDS);
/** Paragraphs of colour: several sentences whose nouns are drawn once, so they speak of one product, one customer. */
const Paragraphs = z.array(z.array(Template(CALL_WORDS)).min(2)).min(1);
const ByKey = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);

/** The topics of the question-and-answer session. */
export const TOPICS = ["revenue", "margins", "guidance", "segments", "cash", "kpi", "demand"] as const;
export type Topic = (typeof TOPICS)[number];

const Topic = z.strictObject({
  /** The analyst's question, by their rating: `{view=buy:...|sell:...|...}` picks a stance. */
  questions: Lines,
  /** The first sentence of the answer: it states the records' figures. */
  answers: Lines,
  /** Colour sentences (no figures) the answer goes on with. */
  colour: Lines,
});

const Vocabulary = z.strictObject({
  initiatives: z.array(z.string().min(1)).min(8),
  products: z.array(z.string().min(1)).min(8),
  customers: z.array(z.string().min(1)).min(6),
  channels: z.array(z.string().min(1)).min(6),
  tailwinds: z.array(z.string().min(1)).min(6),
  headwinds: z.array(z.string().min(1)).min(6),
});

const CallPhrases = z.strictObject({
  operator: z.strictObject({
    opening: Lines,
    qa_open: Lines,
    first_question: Lines,
    next_question: Lines,
    closing_handoff: Lines,
    goodbye: Lines,
  }),
  ir: z.strictObject({ opening: Lines, safe_harbor: Lines, handoff: Lines }),
  ceo: z.strictObject({
    greeting: Lines,
    results: Lines,
    versus_consensus: Lines,
    kpi: Lines,
    segment: Lines,
    handoff: Lines,
    closing: Lines,
  }),
  cfo: z.strictObject({
    greeting: Lines,
    revenue: Lines,
    margins: Lines,
    net_income: Lines,
    segment: Lines,
    cash_flow: Lines,
    balance_sheet: Lines,
    guidance_eps: Lines,
    guidance_revenue: Lines,
    no_guidance: Lines,
    handoff: Lines,
  }),
  qa: z.strictObject({
    topics: ByKey(TOPICS, Topic),
    /** What an analyst says before a question: context, in their stance. */
    preambles: Lines,
    follow_ups: Lines,
    answer_openers: Lines,
    thanks: Lines,
  }),
  /** Colour sentences (no figures): prepared remarks draw several of each, never one twice in a call. */
  colour: z.strictObject({
    environment: ByKey(["strong", "steady", "weak"], Lines),
    tone: ByKey(["positive", "negative", "neutral"], Lines),
    strategy: Lines,
    /** The CEO's paragraphs on one product or initiative. */
    spotlights: Paragraphs,
    /** Paragraphs on one business segment ({segment}). */
    segment_spotlights: Paragraphs,
    priorities: Lines,
    closing: Lines,
  }),
  vocabulary: ByKey(SECTORS, Vocabulary),
});
export type CallPhrases = z.infer<typeof CallPhrases>;
export type SectorVocabulary = z.infer<typeof Vocabulary>;

export const PHRASES: CallPhrases = readDataFile(new URL("./phrases.yaml", import.meta.url), CallPhrases);
