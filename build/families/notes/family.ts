// Analyst notes (families/notes/model.ts): a covering firm's note when a release or other company news
// changed its rating or moved its target by 10% or more, stating what the firm published that day. Stored
// once, in its company's shard; a monthly index (`all/2023-06`) pages every company's.
import { allOf, monthOf } from "../../../src/bundle/shards.ts";
import { NOTE_COLUMNS } from "../../../src/families/notes/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import type { PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import { numbersIn } from "../../models/amounts.ts";
import { publicEvent } from "../../models/events.ts";
import { byDateThenArtifactId, shortName } from "../../models/artifacts.ts";
import { analystNote, noteFigures, noteSentiment, type AnalystNote, type NoteRecords } from "./model.ts";
import type { CompanyEarnings } from "../earnings/family.ts";
import type { Checker, CompanyBase, Family } from "../../ground/family.ts";
import { byFirstColumn, groupBy, toRows } from "../../ground/rows.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyNotes {
  /** Notes by date then id. */
  notes: AnalystNote[];
}

type Company = CompanyBase & CompanyEarnings & CompanyNotes;

/** A publication gets a note when it changes the firm's rating or moves its target by this much. */
const NOTEWORTHY_TARGET_MOVE = 0.1;

/**
 * The publications that get a note, with their records (the analyst's previous publication, the
 * event, the release): for each firm and event (a release or other company news), its first
 * publication on that event that changed the firm's rating or moved its target by 10% or more.
 */
function noteRecords(company: CompanyBase & CompanyEarnings): NoteRecords[] {
  const events = new Map(company.events.map((e) => [e.event_id, publicEvent(e)]));
  const releases = new Map(company.earnings.map((r) => [r.source_event_id, r]));
  const previous = new Map<string, PublishedEstimates>();
  const noted = new Set<string>();
  const out: NoteRecords[] = [];
  for (const p of company.estimates) {
    const event = p.source_event_id ? events.get(p.source_event_id) : undefined;
    const before = previous.get(p.firm);
    previous.set(p.firm, p);
    if (!event || (p.reason !== "post_earnings" && p.reason !== "event") || noted.has(`${p.firm} ${event.event_id}`))
      continue;
    const moved =
      before?.rating !== p.rating ||
      (p.prior_target_price !== null && Math.abs(p.target_price / p.prior_target_price - 1) >= NOTEWORTHY_TARGET_MOVE);
    if (!moved) continue;
    noted.add(`${p.firm} ${event.event_id}`);
    out.push({ facts: company.facts, publication: p, previous: before, event, earnings: releases.get(event.event_id) });
  }
  return out;
}

export const notes: Family<object, object, CompanyEarnings, CompanyNotes> = {
  name: "notes",
  context: () => ({}),
  company: (_, company, { rng }) => ({
    notes: noteRecords(company)
      .map((r) => analystNote(r, rng.fork(`notes/${company.facts.ticker}/${r.publication.id}`)))
      .sort(byDateThenArtifactId),
  }),
  companyContext: (company, cut) => ({ notes: company.notes.filter((n) => n.visible_from <= cut.date) }),
  companySince: (company, since) => ({ notes: company.notes.filter((n) => n.visible_from >= since.date) }),
  companyShards: (_, { facts, notes }, emit) => {
    if (notes.length === 0) return;
    emit.write(SHARDS.notes, facts.ticker, byFirstColumn(toRows(NOTE_COLUMNS, notes)));
    for (const [month, group] of groupBy(notes, (n) => monthOf(n.date)))
      emit.append(
        SHARDS.notesIndex,
        allOf(month),
        group.map((n) => [`${n.date} ${n.artifact_id}`, n.ticker]),
      );
  },
  companyChecks: () => notesChecks(),
};

function notesChecks(): Checker<unknown, Company> {
  const published = new RuleTally(
    "notes_match_estimates",
    "notes",
    "every note accompanies a publication of /analyst-estimates by its firm and analyst on its date, with that publication's rating and target, prompted by an event public by then",
  );
  const numbers = new RuleTally(
    "notes_numbers_match_records",
    "notes",
    "every number a note writes is its publication's, its previous target's or its release's, and its sentiment is the sign of its rating or target change",
  );
  return {
    company: (company) => {
      const records = new Map(noteRecords(company).map((r) => [r.publication.id, r]));
      for (const n of company.notes) {
        published.rows++;
        numbers.rows++;
        const where = `${company.facts.ticker} ${n.date} ${n.artifact_id}`;
        const r = records.get(n.estimate_id);
        const p = r?.publication;
        if (
          !r ||
          !p ||
          p.estimate_date !== n.date ||
          n.visible_from !== n.date ||
          p.firm !== n.firm ||
          p.analyst !== n.analyst ||
          p.rating !== n.rating ||
          p.target_price !== n.target_price ||
          r.event.event_id !== n.source_event_id ||
          r.event.visible_from > n.date ||
          (r.earnings !== undefined && r.earnings.filing_date > n.date) ||
          n.prior_rating !== (r.previous?.rating ?? null) ||
          n.prior_target_price !== p.prior_target_price
        ) {
          published.violation(where);
          continue;
        }
        const figures = noteFigures(r);
        const allowed = new Set(Object.values(figures));
        const names = [company.facts.name, shortName(company.facts.name)];
        const stray = numbersIn(`${n.title}\n${n.text}`, names).filter((x) => !allowed.has(x));
        if (stray.length > 0 || n.sentiment !== noteSentiment(r) || !n.text.includes(figures.target))
          numbers.violation(where);
      }
    },
    finish: () => [published.check(), numbers.check()],
  };
}
