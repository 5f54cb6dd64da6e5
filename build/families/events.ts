// The event timeline: policy decisions, inflation prints and the catalyst (market-wide), and each
// company's events, all with hidden effects that the market and stock families apply. Served without
// the effects, per ticker and market-wide by year; an event is public from its `visible_from` date.
import { SHARDS } from "../../src/bundle/shards.ts";
import { sizeTier, type SizeTier } from "../generate/anchors.ts";
import { companyEvents, earningsVerdict, marketEvents, publicEvent, type WorldEvent } from "../generate/events.ts";
import { fiscalQuarters, type FiscalQuarter } from "../generate/fiscal.ts";
import { bandCheck, skipped, type Band } from "../realism.ts";
import { hitByCatalyst } from "../scenario-source.ts";
import type { Calendar, Family } from "./family.ts";
import type { CentralBanks } from "./rates.ts";
import type { HiddenMacro } from "./regimes.ts";
import { appendByYear, byFirstColumn, emitTickerAndYears, toRows } from "./rows.ts";
import { RuleTally } from "./tier0.ts";
import type { Universe } from "./universe.ts";

export interface Events {
  /** Market-wide events (no ticker), ordered by date then id. */
  events: WorldEvent[];
}

export interface CompanyEventsPart {
  /** The company's events, ordered by date then id. */
  events: WorldEvent[];
  /** Hidden: its size in its era at the start, which sets its event rates. */
  sizeTier: SizeTier;
  /**
   * Its fiscal quarters, from three years before the world's first to its last, each with its release
   * date (public calendar; the statements report them, the earnings releases announce them).
   */
  quarters: FiscalQuarter[];
}

/** Years of fiscal quarters before the world's first year: the statements' history on day one. */
const HISTORY_YEARS = 3;

type Reads = Calendar & Universe & HiddenMacro & CentralBanks;

const visible = (events: WorldEvent[], date: string) => events.filter((e) => e.visible_from <= date);

export const events: Family<Reads, Events, unknown, CompanyEventsPart> = {
  name: "events",
  generate: (world, { source, rng }) => {
    const catalyst = source.theme.catalyst;
    return {
      events: marketEvents({
        scenarioId: source.id,
        days: world.days,
        decisions: [...world.decisions.values()].flat(),
        inflation: world.inflation,
        catalyst: catalyst ? { date: catalyst.date, summary: catalyst.summary, jump: catalyst.market_jump } : undefined,
        rng: rng.fork("events"),
      }),
    };
  },
  context: (world, cut) => ({ events: visible(world.events, cut.date) }),
  company: (world, { facts }, { source, rng }) => {
    const tier = sizeTier(world.starts.get(facts.ticker)!.marketCap, world.days[0]);
    const story = source.story?.catalyst;
    const hit =
      story && source.theme.catalyst && hitByCatalyst(story, facts)
        ? { date: source.theme.catalyst.date, excessMove: story.excess_move }
        : undefined;
    const year = (date: string) => Number(date.slice(0, 4));
    const quarters = fiscalQuarters(
      facts.ticker,
      year(world.days[0]) - HISTORY_YEARS,
      year(world.days[world.days.length - 1]),
      rng.fork(`fiscal/${facts.ticker}`),
    );
    return {
      events: companyEvents(source.id, world.days, facts, quarters, tier, rng.fork("events"), hit),
      sizeTier: tier,
      quarters,
    };
  },
  companyContext: (company, cut) => ({
    events: visible(company.events, cut.date),
    sizeTier: company.sizeTier,
    quarters: company.quarters.filter((q) => q.release <= cut.date),
  }),
  companyShards: (_, company, emit) =>
    emitTickerAndYears(emit, SHARDS.events, company.facts.ticker, company.events.map(publicEvent)),
  shards: (world, emit) =>
    appendByYear(emit, SHARDS.events, byFirstColumn(toRows(SHARDS.events.columns, world.events.map(publicEvent)))),
  companyChecks: () => {
    // The timeline shards are keyed by event date, which as_of filters on: visible_from must equal it.
    const tally = new RuleTally("events_point_in_time", "events", "visible_from = event_date = release date");
    const check = (list: WorldEvent[]) => {
      for (const e of list) {
        tally.rows++;
        if (e.visible_from !== e.event_date || e.public_release_datetime.slice(0, 10) !== e.event_date)
          tally.violation(e.event_id, `${e.event_date} ${e.event_id}`);
      }
    };
    const earnings = new EarningsTally();
    const rumours = new RuleTally(
      "no_sale_rumours_on_mega_caps",
      "events",
      'no "exploring a sale" report on a mega-cap',
    );
    return {
      company: (company) => {
        check(company.events);
        earnings.add(company.events);
        for (const e of company.events) {
          if (e.event_type !== "merger_rumor") continue;
          rumours.rows++;
          if (company.sizeTier === "mega") rumours.violation(`${e.ticker} ${e.event_date}`);
        }
      },
      finish: (world) => {
        check(world.events);
        return [tally.check(), rumours.check(), ...earnings.checks()];
      },
    };
  },
};

/** Fewer releases than this say little about a share of 5%. */
const MIN_RELEASES = 100;

/** Beat and in-line shares of earnings releases (REALISM Tier 3: beats 65-80%, in line about 5%). */
class EarningsTally {
  private releases = 0;
  private beats = 0;
  private inLine = 0;

  add(events: WorldEvent[]): void {
    for (const e of events) {
      if (e.event_type !== "earnings_release") continue;
      this.releases++;
      const verdict = earningsVerdict(e.effect.surprise);
      if (verdict === "above") this.beats++;
      else if (verdict === "in line with") this.inLine++;
    }
  }

  checks() {
    const check = (name: string, count: number, band: Band, what: string) =>
      this.releases < MIN_RELEASES
        ? skipped("realism_tier3", name, band, what, `${this.releases} releases, fewer than ${MIN_RELEASES}`)
        : bandCheck("realism_tier3", name, band, count / this.releases, `${what}, ${this.releases} releases`, true);
    return [
      check("earnings_beat_rate", this.beats, { min: 0.65, max: 0.8 }, "share of earnings releases above consensus"),
      check("earnings_in_line_rate", this.inLine, { min: 0.02, max: 0.1 }, "share of earnings releases in line"),
    ];
  }
}
