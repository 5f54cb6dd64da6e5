// Earnings call transcripts (families/transcripts/model.ts): a company's call on the day of each
// earnings release, with its officers, its covering analysts and its records. Listed per ticker and
// per month of every company's; each call's turns are stored once, in its company's shard of the
// year. The rules: a call follows its release (same day, later time) and names its records; every
// number it writes is one of its records' numbers, and it restates the release's guidance exactly;
// its speakers are the officers in their seats that day and analysts of firms that published on
// the company before it.
import { allOf, monthOf } from "../../../src/bundle/shards.ts";
import { SECTOR_KPIS } from "../../../src/families/kpis/rows.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { TRANSCRIPT_COLUMNS, turnsPart } from "../../../src/families/transcripts/shards.ts";
import type { Calendar, Checker, CompanyBase, Family } from "../../ground/family.ts";
import type { Rng } from "../../ground/rng.ts";
import { byFirstColumn, groupBy, toRows } from "../../ground/rows.ts";
import { amount, numbersIn, perShare } from "../../models/amounts.ts";
import { shortName, yearAgoRelease } from "../../models/artifacts.ts";
import { dayIndexOf, publicEvent } from "../../models/events.ts";
import { personName } from "../../models/names.ts";
import { listedOn } from "../../models/prices.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyEarnings } from "../earnings/family.ts";
import type { CompanyInsiders } from "../insiders/family.ts";
import type { CompanyKpis } from "../kpis/family.ts";
import type { MacroTape } from "../macro/family.ts";
import type { CompanySegments } from "../segments/family.ts";
import type { Stock } from "../stocks/family.ts";
import { CALLS } from "./calls.ts";
import { callFigures, environmentOf, type CallAnalyst, type CallRecords } from "./figures.ts";
import { earningsCall, type CallDetail } from "./model.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyTranscripts {
  /** Its calls, by date. */
  transcripts: CallDetail[];
}

type Reads = Calendar & MacroTape;
type ReadsEach = CompanyCore & CompanyEarnings & CompanySegments & CompanyKpis & CompanyInsiders & Stock;
type Company = CompanyBase & ReadsEach & CompanyTranscripts;

export const CEO = "Chief Executive Officer";
export const CFO = "Chief Financial Officer";

/** A quarter's business segments, as `/financials/segments` serves them. */
function businessSegments(company: ReadsEach, reportPeriod: string | undefined) {
  const p = company.segments.find((s) => s.period === "quarterly" && s.reportPeriod === reportPeriod);
  return p ? p.segments.filter((s) => s.segment_type === "business") : [];
}

/** The officer in `title`'s seat on day `day`. */
export function officer(company: CompanyInsiders, title: string, day: number): string | undefined {
  return company.officers.find((s) => s.title === title && s.from <= day && s.until > day)?.name;
}

/** Each covering firm's latest analyst and rating published before `date`, firms in name order. */
function coveringAnalysts(company: ReadsEach, date: string): CallAnalyst[] {
  const latest = new Map<string, CallAnalyst>();
  for (const p of company.estimates)
    if (p.estimate_date < date) latest.set(p.firm, { name: p.analyst, firm: p.firm, rating: p.rating });
  return [...latest.values()].sort((a, b) => (a.firm < b.firm ? -1 : 1));
}

/**
 * The records of each call: one per earnings release of the company public inside the world (from
 * its listing), with its officers in their seats that day. `ir` is the company's investor-relations
 * head; the analysts come in the order the call takes their questions (shuffled by `order`).
 */
export function callRecords(
  days: string[],
  company: CompanyBase & ReadsEach,
  ir: string,
  order?: (ticker: string, event: string) => Rng,
): CallRecords[] {
  const dayIndex = dayIndexOf(days);
  const listed = listedOn(company.stock);
  const released = company.earnings.filter((r) => r.filing_date >= listed);
  const events = new Map(company.events.map((e) => [e.event_id, e]));
  const out: CallRecords[] = [];
  for (const earnings of released) {
    const e = events.get(earnings.source_event_id);
    const day = e && dayIndex.get(e.event_date);
    if (!e || day === undefined || e.event_type !== "earnings_release") continue;
    const ceo = officer(company, CEO, day);
    const cfo = officer(company, CFO, day);
    if (!ceo || !cfo) continue;
    const ago = yearAgoRelease(released, earnings, e.event_date);
    const quarter = company.kpis.find((k) => k.period === "quarterly" && k.report_period === earnings.report_period);
    const analysts = coveringAnalysts(company, e.event_date);
    out.push({
      facts: company.facts,
      event: publicEvent(e),
      earnings,
      yearAgo: ago,
      guidance: company.guidance.filter((g) => g.source_event_id === e.event_id),
      segments: businessSegments(company, earnings.report_period),
      yearAgoSegments: businessSegments(company, ago?.report_period),
      kpis: (SECTOR_KPIS[company.facts.sector ?? ""] ?? [])
        .map((f) => [f, quarter?.[f]] as const)
        .filter((k): k is [(typeof k)[0], number] => typeof k[1] === "number"),
      ceo,
      cfo,
      ir,
      analysts: order ? order(company.facts.ticker, e.event_id).shuffle(analysts) : analysts,
    });
  }
  return out;
}

/** The market's return over the trading days before `date` (calls.yaml `environment.days`), from the macro tape. */
function marketBefore(world: Reads, date: string): number {
  const day = dayIndexOf(world.days).get(date) ?? 0;
  let growth = 1;
  for (let i = Math.max(0, day - CALLS.environment.days); i < day; i++)
    growth *= 1 + (world.macro[i]?.market_return ?? 0);
  return growth - 1;
}

/** The company's investor-relations head: one invented person, the same on every call. */
const irHead = (rng: Rng, ticker: string) => personName(rng.fork(`transcripts/${ticker}/ir`));

export const transcripts: Family<Reads, object, ReadsEach, CompanyTranscripts> = {
  name: "transcripts",
  context: () => ({}),
  company: (world, company, { rng }) => {
    const ticker = company.facts.ticker;
    const order = (t: string, event: string) => rng.fork(`transcripts/${t}/${event}/analysts`);
    return {
      transcripts: callRecords(world.days, company, irHead(rng, ticker), order).map((r) =>
        earningsCall(
          r,
          environmentOf(marketBefore(world, r.event.event_date)),
          company.sizeTier,
          rng.fork(`transcripts/${ticker}/${r.event.event_id}`),
        ),
      ),
    };
  },
  companyContext: (company, cut) => ({ transcripts: company.transcripts.filter((t) => t.visible_from <= cut.date) }),
  companySince: (company, since) => ({ transcripts: company.transcripts.filter((t) => t.visible_from >= since.date) }),
  companyShards: (_, { facts, transcripts: calls }, emit) => {
    if (calls.length === 0) return;
    const rows = byFirstColumn(toRows(TRANSCRIPT_COLUMNS, calls));
    emit.write(SHARDS.transcripts, facts.ticker, rows);
    for (const [month, group] of groupBy(rows, (r) => monthOf(r[0] as string)))
      emit.append(SHARDS.transcripts, allOf(month), group);
    const details = calls.map((c) => ({ ...c, key: `${c.date} ${c.transcript_id}` }));
    for (const [part, group] of groupBy(details, (c) => turnsPart(c.ticker, c.date)))
      emit.write(SHARDS.transcriptTurns, part, byFirstColumn(toRows(SHARDS.transcriptTurns.columns, group)));
  },
  companyChecks: (days) => transcriptChecks(days),
};

function transcriptRules() {
  return {
    lineage: new RuleTally(
      "transcripts_follow_releases",
      "transcripts",
      "every call follows an earnings release of its company on the release's day, after its time, and names the release's filing",
    ),
    numbers: new RuleTally(
      "transcripts_numbers_match_records",
      "transcripts",
      "every number a call writes is one of its records' numbers; it states the reported EPS and revenue, and the release's guidance exactly as /kpi/guidance serves it",
    ),
    speakers: new RuleTally(
      "transcripts_speakers",
      "transcripts",
      "the CEO and CFO are the officers in those seats on the call's day, and every analyst's firm published on the company before it under that analyst's name",
    ),
  };
}

/** The numbers a call must state: its EPS and revenue, and each guidance range's ends. */
function requiredNumbers(r: CallRecords): string[] {
  const q = r.earnings.quarterly;
  const guided = r.guidance.flatMap((g) =>
    g.metric_name === "earnings_per_share" ? [perShare(g.low), perShare(g.high)] : [amount(g.low), amount(g.high)],
  );
  return [perShare(q.earnings_per_share), amount(q.revenue), ...guided];
}

function transcriptChecks(days: string[]): Checker<unknown, Company> {
  const rules = transcriptRules();
  return {
    company: (company) => {
      const records = new Map(callRecords(days, company, "").map((r) => [r.event.event_id, r]));
      for (const call of company.transcripts) {
        const where = `${company.facts.ticker} ${call.transcript_id}`;
        for (const rule of Object.values(rules)) rule.rows++;
        const r = records.get(call.source_event_id);
        if (
          !r ||
          call.date !== r.event.event_date ||
          call.visible_from !== call.date ||
          call.accession_number !== r.earnings.accession_number ||
          call.call_datetime <= r.earnings.filing_datetime
        ) {
          rules.lineage.violation(where);
          continue;
        }
        const text = call.turns.map((t) => t.text).join("\n");
        const allowed = new Set(Object.values(callFigures(r)));
        const names = [company.facts.name, shortName(company.facts.name)];
        if (numbersIn(text, names).some((n) => !allowed.has(n)) || requiredNumbers(r).some((n) => !text.includes(n)))
          rules.numbers.violation(where);
        // The records' analysts: each covering firm's latest before the call (unshuffled here).
        const firms = new Set(r.analysts.map((a) => `${a.firm}|${a.name}`));
        const speakers = call.participants;
        const named = (title: string) => speakers.find((p) => p.title === title)?.name;
        if (
          named(CEO) !== r.ceo ||
          named(CFO) !== r.cfo ||
          speakers.some((p) => p.role === "analyst" && !firms.has(`${p.firm}|${p.name}`))
        )
          rules.speakers.violation(where);
      }
    },
    finish: () => Object.values(rules).map((rule) => rule.check()),
  };
}
