// Earnings calls: what a company's executives and its covering analysts said on the day of each
// release. An operator opens; the investor-relations head reads the safe harbor; the CEO and the CFO
// (the insider filings' officers in those seats that day) give prepared remarks with the quarter's
// figures and the guidance exactly as /kpi/guidance serves it; then analysts of the covering firms
// ask about the quarter's surprises and what their own ratings make them care about. The words come
// from a seeded grammar (phrases.yaml); colour sentences are never used twice in a call and draw
// their nouns from the sector's vocabulary, so calls do not read alike.
import type { CallTurn, EarningsCallTranscriptDetail } from "../../../src/families/transcripts/rows.ts";
import { transcriptId } from "../../../src/families/transcripts/rows.ts";
import type { Sector } from "../../../src/contract/vocabulary.ts";
import { shortName, wordCount } from "../../models/artifacts.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { fill } from "../../models/phrasing.ts";
import { beforeTheOpen } from "../../models/events.ts";
import type { Rng } from "../../ground/rng.ts";
import { CALLS, type CallShape } from "./calls.ts";
import {
  callFigures,
  callRecordNames,
  callSentiment,
  kpiFigures,
  segmentFigures,
  segmentGrew,
  type CallAnalyst,
  type CallRecords,
  type Environment,
  type Figures,
} from "./figures.ts";
import { PHRASES, TOPICS, type CallWord, type SectorVocabulary, type Topic } from "./phrases.ts";

export type CallDetail = EarningsCallTranscriptDetail;

/** A call's words: what its phrasings may write (phrases.yaml names them). */
type Words = Record<CallWord, unknown> & { fig: Figures };

const QUARTERS = ["first", "second", "third", "fourth"];
const firstName = (person: string) => person.split(" ")[0];
const poss = (s: string) => (s.endsWith("s") ? `${s}'` : `${s}'s`);

const NOUN_SLOT = /\{(?:initiative|product|customer|channel|tailwind|headwind)\b/;
const namingNouns = new Map<string, boolean>();
/** Whether a template names a noun of the sector's vocabulary (remembered per template). */
function namesNouns(template: string): boolean {
  let names = namingNouns.get(template);
  if (names === undefined) namingNouns.set(template, (names = NOUN_SLOT.test(template)));
  return names;
}

/** Picks phrasings for one call: the first that fits, and colour sentences never twice. */
class Speech {
  /** The colour templates and paragraphs the call has used. */
  private readonly used = new Set<string | readonly string[]>();
  private readonly rng: Rng;
  private readonly vocabulary: SectorVocabulary;

  constructor(rng: Rng, vocabulary: SectorVocabulary) {
    this.rng = rng;
    this.vocabulary = vocabulary;
  }

  /** Fresh nouns of the sector for one sentence. */
  private nouns() {
    const v = this.vocabulary;
    const r = this.rng;
    return {
      initiative: r.pick(v.initiatives),
      product: r.pick(v.products),
      customer: r.pick(v.customers),
      channel: r.pick(v.channels),
      tailwind: r.pick(v.tailwinds),
      headwind: r.pick(v.headwinds),
    };
  }

  /** `template` filled with `words`, and with fresh nouns when it names any. */
  private say(template: string, words: Words): string | undefined {
    return fill(template, namesNouns(template) ? { ...words, ...this.nouns() } : words);
  }

  /** One phrasing of `templates` that fits `words` ("" when none does). */
  line(templates: readonly string[], words: Words): string {
    for (const t of this.rng.shuffle(templates)) {
      const s = this.say(t, words);
      if (s) return s;
    }
    return "";
  }

  /** Up to `n` colour sentences of `templates` not yet used in the call. */
  colour(templates: readonly string[], words: Words, n: number): string[] {
    const out: string[] = [];
    for (const t of this.rng.shuffle(templates)) {
      if (out.length >= n) break;
      if (this.used.has(t)) continue;
      const s = this.say(t, words);
      if (!s) continue;
      this.used.add(t);
      out.push(s);
    }
    return out;
  }

  /** Up to `n` paragraphs of `templates` not yet used in the call, each sentence with the paragraph's nouns. */
  paragraphs(templates: readonly (readonly string[])[], words: Words, n: number): string[] {
    const out: string[] = [];
    for (const paragraph of this.rng.shuffle(templates)) {
      if (out.length >= n) break;
      if (this.used.has(paragraph)) continue;
      const nouns = { ...words, ...this.nouns() };
      const sentences = paragraph.map((t) => fill(t, nouns));
      if (sentences.some((s) => !s)) continue;
      this.used.add(paragraph);
      out.push(sentences.join(" "));
    }
    return out;
  }

  int(lo: number, hi: number): number {
    return this.rng.int(lo, hi);
  }

  chance(p: number): boolean {
    return this.rng.uniform() < p;
  }

  uniform(): number {
    return this.rng.uniform();
  }
}

/** Sentences into paragraphs of three to five. */
function paragraphs(speech: Speech, sentences: string[]): string {
  const out: string[] = [];
  let i = 0;
  const kept = sentences.filter(Boolean);
  while (i < kept.length) {
    const n = speech.int(3, 5);
    out.push(kept.slice(i, i + n).join(" "));
    i += n;
  }
  return out.join("\n\n");
}

/** When a call begins: a morning call after a release before the open, else an evening one. */
const callTime = (e: CallRecords["earnings"]) =>
  beforeTheOpen(e.filing_datetime) ? CALLS.call_time.before_open : CALLS.call_time.after_close;

/** The call's words before a speaker or a topic narrows them. */
function baseWords(r: CallRecords, fig: Figures, environment: Environment): Words {
  const e = r.earnings;
  const q = e.quarterly;
  const short = shortName(r.facts.name);
  const sector = r.facts.sector ?? "Industrials";
  const ya = r.yearAgo?.quarterly;
  const operating = (x: { operating_income: number; revenue: number }) => x.operating_income / (x.revenue || 1);
  return {
    name: r.facts.name,
    short,
    shortPossessive: poss(short),
    ticker: r.facts.ticker,
    sector,
    sectorLower: sector.toLowerCase(),
    industryLower: (r.facts.industry ?? sector).toLowerCase(),
    quarter: QUARTERS[Number(/Q(\d)/.exec(e.fiscal_period)![1]) - 1],
    daypart: callTime(e) < "12:00:00" ? "morning" : "afternoon",
    ceo: r.ceo,
    ceoFirst: firstName(r.ceo),
    cfo: r.cfo,
    cfoFirst: firstName(r.cfo),
    ir: r.ir,
    irFirst: firstName(r.ir),
    analyst: "",
    analystFirst: "",
    firm: "",
    tone: callSentiment(r),
    revenueSurprise: e.signals.revenue_surprise,
    epsSurprise: e.signals.eps_surprise,
    guidance: r.guidance.length ? e.signals.guidance : "none",
    environment,
    growth: ya && q.revenue < ya.revenue ? "down" : "up",
    margin: ya && operating(q) < operating(ya) ? "down" : "up",
    view: "hold",
    segment: "",
    segmentGrowth: "up",
    kpi: "",
    initiative: "",
    product: "",
    customer: "",
    channel: "",
    tailwind: "",
    headwind: "",
    fig,
  };
}

/** The words of a sentence about segment `k`. */
const aboutSegment = (r: CallRecords, w: Words, k: number): Words => ({
  ...w,
  segment: r.segments[k].segment,
  segmentGrowth: segmentGrew(r, k) ? "up" : "down",
  fig: segmentFigures(w.fig, k),
});

/** The words of a sentence about the quarter's first KPI. */
const aboutKpi = (r: CallRecords, w: Words): Words =>
  r.kpis.length ? { ...w, kpi: CALLS.kpis[r.kpis[0][0]].label, fig: kpiFigures(w.fig, r.kpis[0][0]) } : w;

/** The CEO's prepared remarks: the quarter, its tone and mood, strategy, a KPI, the largest segment. */
function ceoRemarks(speech: Speech, r: CallRecords, w: Words, shape: CallShape): string {
  const { ceo, qa } = PHRASES;
  const c = PHRASES.colour;
  const strategy = speech.int(...shape.strategy);
  const more = () => speech.int(...shape.remarks_colour);
  const largest = r.segments.length
    ? r.segments.indexOf(r.segments.reduce((a, b) => (b.revenue > a.revenue ? b : a)))
    : -1;
  const kpi = aboutKpi(r, w);
  const segment = largest >= 0 && r.segments.length > 1 ? aboutSegment(r, w, largest) : undefined;
  const opening = [
    speech.line(ceo.greeting, w),
    speech.line(ceo.results, w),
    speech.line(ceo.versus_consensus, w),
    ...speech.colour(c.tone[w.tone as "positive"], w, 3),
    ...speech.colour(c.environment[w.environment as "strong"], w, 3),
    ...speech.colour(c.strategy, w, Math.ceil(strategy / 2)),
  ];
  const business = [
    ...(r.kpis.length ? [speech.line(ceo.kpi, kpi), ...speech.colour(qa.topics.kpi.colour, kpi, more())] : []),
    ...(segment
      ? [speech.line(ceo.segment, segment), ...speech.colour(qa.topics.segments.colour, segment, more())]
      : []),
  ];
  const closing = [
    ...speech.colour(c.strategy, w, Math.floor(strategy / 2)),
    ...speech.colour(c.priorities, w, 3),
    speech.line(ceo.handoff, w),
  ];
  return [
    paragraphs(speech, opening),
    ...speech.paragraphs(c.spotlights, w, speech.int(...shape.spotlights)),
    paragraphs(speech, business),
    ...(segment ? speech.paragraphs(c.segment_spotlights, segment, 1) : []),
    paragraphs(speech, closing),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The CFO's prepared remarks: the figures line by line, each segment, cash, and the guidance, each with some colour. */
function cfoRemarks(speech: Speech, r: CallRecords, w: Words, shape: CallShape): string {
  const { cfo, qa } = PHRASES;
  const colour = (topic: Topic, words: Words = w) =>
    speech.colour(qa.topics[topic].colour, words, speech.int(...shape.remarks_colour));
  const eps = r.guidance.some((g) => g.metric_name === "earnings_per_share");
  const revenue = r.guidance.some((g) => g.metric_name === "revenue");
  const numbers = [
    speech.line(cfo.greeting, w),
    speech.line(cfo.revenue, w),
    ...colour("revenue"),
    speech.line(cfo.margins, w),
    ...colour("margins"),
    speech.line(cfo.net_income, w),
  ];
  const segments =
    r.segments.length > 1
      ? r.segments.flatMap((_, k) => [
          speech.line(cfo.segment, aboutSegment(r, w, k)),
          ...colour("segments", aboutSegment(r, w, k)),
        ])
      : [];
  const cash = [speech.line(cfo.cash_flow, w), speech.line(cfo.balance_sheet, w), ...colour("cash")];
  const outlook = [
    eps ? speech.line(cfo.guidance_eps, w) : "",
    revenue ? speech.line(cfo.guidance_revenue, w) : "",
    eps || revenue ? "" : speech.line(cfo.no_guidance, w),
    ...(eps || revenue ? colour("guidance") : []),
    speech.line(cfo.handoff, w),
  ];
  return [numbers, segments, cash, outlook]
    .map((s) => paragraphs(speech, s))
    .filter(Boolean)
    .join("\n\n");
}

/** Who answers a topic: the CFO the numbers, the CEO the business. */
const ANSWERED_BY: Record<Topic, "ceo" | "cfo"> = {
  revenue: "ceo",
  margins: "cfo",
  guidance: "cfo",
  segments: "ceo",
  cash: "cfo",
  kpi: "ceo",
  demand: "ceo",
};

/** How much an analyst wants to ask about each topic: the quarter's surprises, and what their rating makes them care about. */
function topicWeights(
  r: CallRecords,
  w: Words,
  view: CallAnalyst["rating"],
  asked: Map<Topic, number>,
): [Topic, number][] {
  const weight: Record<Topic, number> = {
    revenue: w.revenueSurprise === "in_line" ? 1 : 3,
    margins: view === "sell" ? 2 : 1,
    guidance: r.guidance.length === 0 ? 0 : w.guidance === "raised" || w.guidance === "cut" ? 3 : 1,
    segments: r.segments.length > 1 ? (view === "buy" ? 2 : 1) : 0,
    cash: w.fig.free_cash_flow === undefined ? 0 : view === "sell" ? 2 : 1,
    kpi: r.kpis.length ? (view === "buy" ? 2 : 1) : 0,
    demand: view === "hold" ? 2 : 1,
  };
  // A topic already asked about draws fewer questions.
  return TOPICS.map((t) => [t, weight[t] / 2 ** (asked.get(t) ?? 0)]);
}

function pickTopic(speech: Speech, weights: [Topic, number][], not?: Topic): Topic {
  const open = weights.filter(([t, x]) => x > 0 && t !== not);
  const total = open.reduce((a, [, x]) => a + x, 0);
  let u = speech.uniform() * total;
  for (const [t, x] of open) if ((u -= x) <= 0) return t;
  return open[open.length - 1][0];
}

/** The words of a question or answer on `topic` (a segment picked for it). */
function onTopic(speech: Speech, r: CallRecords, w: Words, topic: Topic): Words {
  if (topic === "segments") return aboutSegment(r, w, speech.int(0, r.segments.length - 1));
  if (topic === "kpi") return aboutKpi(r, w);
  return w;
}

/** One analyst's exchange: the operator's call, their question (and a follow-up), the answers, their thanks. */
function exchange(
  speech: Speech,
  r: CallRecords,
  base: Words,
  a: CallAnalyst,
  first: boolean,
  asked: Map<Topic, number>,
  shape: CallShape,
): CallTurn[] {
  const { operator, qa } = PHRASES;
  const w: Words = { ...base, analyst: a.name, analystFirst: firstName(a.name), firm: a.firm, view: a.rating };
  const weights = topicWeights(r, w, a.rating, asked);
  const topic = pickTopic(speech, weights);
  const second = speech.chance(shape.follow_up) ? pickTopic(speech, weights, topic) : undefined;
  const asks = [topic, ...(second ? [second] : [])].map((t) => ({ t, words: onTopic(speech, r, w, t) }));
  for (const { t } of asks) asked.set(t, (asked.get(t) ?? 0) + 1);
  const lead = (i: number, words: Words) =>
    i
      ? `${speech.line(qa.follow_ups, words)} `
      : speech.chance(shape.preamble)
        ? `${speech.colour(qa.preambles, words, 1)[0] ?? ""} `
        : "";
  const question = asks
    .map(({ t, words }, i) => `${lead(i, words)}${speech.line(qa.topics[t].questions, words)}`.trim())
    .join("\n\n");
  const turns: CallTurn[] = [
    turn(
      "question_and_answer",
      "Operator",
      "operator",
      speech.line(first ? operator.first_question : operator.next_question, w),
    ),
    turn("question_and_answer", a.name, "analyst", question),
  ];
  asks.forEach(({ t, words }, i) => {
    const who = ANSWERED_BY[t];
    const answer = speech.line(qa.topics[t].answers, words);
    const opener = i === 0 ? speech.line(qa.answer_openers, words) : "";
    // An opener that starts as the answer does ("Sure. Sure, ...") is left out.
    const firstWord = (s: string) => /^\w+/.exec(s)?.[0];
    const text = paragraphs(speech, [
      firstWord(opener) === firstWord(answer) ? "" : opener,
      answer,
      ...speech.colour(qa.topics[t].colour, words, speech.int(...shape.answer_colour)),
    ]);
    const last = turns[turns.length - 1];
    // One executive answering both questions speaks once.
    if (last.role === "executive" && last.speaker === r[who]) last.text += `\n\n${text}`;
    else turns.push(turn("question_and_answer", r[who], "executive", text));
  });
  turns.push(turn("question_and_answer", a.name, "analyst", speech.line(qa.thanks, w)));
  return turns;
}

const turn = (section: CallTurn["section"], speaker: string, role: CallTurn["role"], text: string): CallTurn => ({
  section,
  speaker,
  role,
  text,
});

/** The figures a call's turns write, in order of first use. */
function usedFigures(fig: Figures, text: string): string[] {
  const out = new Set<string>();
  for (const value of Object.values(fig)) if (text.includes(value)) out.add(value);
  return [...out];
}

/** The call on the day of a release: prepared remarks, then the analysts' questions. */
export function earningsCall(r: CallRecords, environment: Environment, tier: SizeTier, rng: Rng): CallDetail {
  const shape = CALLS.shape[tier];
  const speech = new Speech(rng, PHRASES.vocabulary[(r.facts.sector ?? "Industrials") as Sector]);
  const fig = callFigures(r);
  const w = baseWords(r, fig, environment);
  const { operator, ir, ceo } = PHRASES;
  const prepared: CallTurn[] = [
    turn("prepared_remarks", "Operator", "operator", speech.line(operator.opening, w)),
    turn(
      "prepared_remarks",
      r.ir,
      "investor_relations",
      paragraphs(speech, [speech.line(ir.opening, w), speech.line(ir.safe_harbor, w), speech.line(ir.handoff, w)]),
    ),
    turn("prepared_remarks", r.ceo, "executive", ceoRemarks(speech, r, w, shape)),
    turn("prepared_remarks", r.cfo, "executive", cfoRemarks(speech, r, w, shape)),
  ];
  const asked = new Map<Topic, number>();
  const analysts = r.analysts.slice(0, speech.int(...shape.analysts));
  const qa: CallTurn[] = [
    turn("question_and_answer", "Operator", "operator", speech.line(operator.qa_open, w)),
    ...analysts.flatMap((a, i) => exchange(speech, r, w, a, i === 0, asked, shape)),
    turn("question_and_answer", "Operator", "operator", speech.line(operator.closing_handoff, w)),
    turn(
      "question_and_answer",
      r.ceo,
      "executive",
      paragraphs(speech, [speech.line(ceo.closing, w), ...speech.colour(PHRASES.colour.closing, w, 2)]),
    ),
    turn("question_and_answer", "Operator", "operator", speech.line(operator.goodbye, w)),
  ];
  return callDetail(r, [...prepared, ...qa], analysts, fig);
}

/** The served call: its listing fields, its turns and what the build checked. */
function callDetail(r: CallRecords, turns: CallTurn[], analysts: CallAnalyst[], fig: Figures): CallDetail {
  const e = r.earnings;
  const date = r.event.event_date;
  const text = turns.map((t) => t.text).join("\n\n");
  const time = callTime(e);
  const executive = (name: string, title: string) => ({ name, role: "executive" as const, title, firm: null });
  return {
    date,
    transcript_id: transcriptId(date, r.facts.ticker),
    ticker: r.facts.ticker,
    title: `${r.facts.name} (${r.facts.ticker}) ${e.fiscal_period} earnings call`,
    fiscal_period: e.fiscal_period,
    fiscal_year: Number(e.fiscal_period.slice(-4)),
    fiscal_quarter: Number(/Q(\d)/.exec(e.fiscal_period)![1]),
    report_period: e.report_period,
    call_datetime: `${date}T${time}`,
    visible_from: date,
    sentiment: callSentiment(r),
    participants: [
      { name: "Operator", role: "operator", title: null, firm: null },
      { name: r.ir, role: "investor_relations", title: "Investor Relations", firm: null },
      executive(r.ceo, "Chief Executive Officer"),
      executive(r.cfo, "Chief Financial Officer"),
      ...analysts.map((a) => ({ name: a.name, role: "analyst" as const, title: null, firm: a.firm })),
    ],
    word_count: wordCount(text),
    accession_number: e.accession_number,
    source_event_id: r.event.event_id,
    turns,
    validation: { numbers: usedFigures(fig, text), facts_from: callRecordNames(r) },
  };
}
