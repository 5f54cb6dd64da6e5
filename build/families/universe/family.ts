// The operating companies a scenario holds. Everything about a company that is not a price or an
// event (identity, sector) is fixed for the scenario, so its context view is the whole universe.
import { SHARDS } from "../../../src/families/shards.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { firstTradingDay, startingPoint, tradesOn, type StartingPoint } from "../../models/anchors.ts";
import { selectEntrants, selectUniverse } from "./model.ts";
import { firstOnOrAfter } from "../../models/regimes.ts";
import { refCompanies } from "../../models/refdata.ts";
import { ruleCheck } from "../../ground/rules.ts";
import { storySectors } from "../../ground/scenario-source.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { ScenarioSource } from "../../ground/scenario-source.ts";
import { firstDayOf } from "../../models/hazard.ts";
import type { Regime } from "../../models/regimes.ts";
import type { Rng } from "../../ground/rng.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { ENTRANTS } from "./tables.ts";
import { toRows } from "../../ground/rows.ts";

export interface Universe {
  /** Every company of the world, those that join it during the window included (`entrants`). */
  companies: CompanyFacts[];
  /**
   * Companies that list during the window, by ticker: their listing date (the reference data's, or in
   * a future branch a modelled one).
   */
  entrants: Map<string, string>;
  /** Hidden: each company's starting point (anchors.ts), by ticker; its events and prices start from it. */
  starts: Map<string, StartingPoint>;
}

/**
 * The companies that join the world, each with its first trading day: in a historical window those the
 * reference data saw list inside it, on the first trading day on or after their real date; in a future
 * branch, companies that listed once before, each on a modelled day after the current date.
 */
function entrantsOf(
  days: string[],
  regimes: Regime[],
  source: ScenarioSource,
  held: Set<string>,
  rng: Rng,
): { facts: CompanyFacts; sizedOn: string }[] {
  if (!source.listings) return [];
  const { count } = source.listings;
  const branch = days.findIndex((d) => d > source.current_date);
  if (source.public_summary.path_mode !== "future_branch" || branch < 0) {
    const inWindow = (date: string) => date > days[0] && date <= days.at(-1)!;
    return selectEntrants(source.universe, count, inWindow, held, rng.fork("entrants")).map((c) => {
      const first = firstOnOrAfter(days, c.listing_date!)!;
      return { facts: { ...c, listing_date: first }, sizedOn: first };
    });
  }
  const before = (date: string) => date < days[0];
  const { yearly, regime_multiple } = ENTRANTS.modelled;
  return selectEntrants(source.universe, count, before, held, rng.fork("modelled-entrants")).flatMap((c) => {
    const day = firstDayOf(regimes, yearly, regime_multiple, branch, rng.fork(`modelled-listing/${c.ticker}`));
    // Sized as it was when it really listed: a young company's size, not today's.
    return day === null ? [] : [{ facts: { ...c, listing_date: days[day] }, sizedOn: c.listing_date! }];
  });
}

/**
 * A company's starting point on `date` as a world with this stream sizes it (each ticker on a stream
 * of its own): the universe's rule, which a report can apply to any reference ticker and get the
 * tier the world gives, or would give, it.
 */
export const worldStartingPoint = (ticker: string, date: string, rng: Rng): StartingPoint =>
  startingPoint(ticker, date, rng.fork(`anchor/${ticker}`));

export const universe: Family<Calendar & HiddenMacro, Universe> = {
  name: "universe",
  generate: ({ days, regimes }, { source, rng }) => {
    const required = [...new Set([...storySectors(source), ...source.universe.required_sectors])];
    const first = selectUniverse(source.universe, source.start_date, rng.fork("universe"), required);
    const joining = entrantsOf(days, regimes, source, new Set(first.map((c) => c.ticker)), rng);
    const listed = joining.map((e) => e.facts);
    const entrants = new Map(listed.map((c) => [c.ticker, c.listing_date!]));
    const sizedOn = new Map(joining.map((e) => [e.facts.ticker, e.sizedOn]));
    const companies = [...first, ...listed].sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
    // An entrant is sized as the reference data has it when it (really) listed; its price before is hidden.
    const starts = new Map(
      companies.map((c) => [c.ticker, worldStartingPoint(c.ticker, sizedOn.get(c.ticker) ?? days[0], rng)]),
    );
    return { companies, entrants, starts };
  },
  // Identity is fixed; an entrant is in the view from its listing (the manifest names every company).
  context: (world) => ({ companies: world.companies, entrants: world.entrants, starts: world.starts }),
  shards: (world, emit) => {
    const byTicker = [...world.companies].sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
    emit.write(SHARDS.companies, undefined, toRows(SHARDS.companies.columns, byTicker));
    const ciks = byTicker.flatMap((c) => (c.cik ? [[c.cik, c.ticker]] : []));
    emit.write(
      SHARDS.ciks,
      undefined,
      ciks.sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  },
  manifest: (world) => ({ instruments: { companies: world.companies.map((c) => c.ticker) } }),
  // A company appears only from its first trading day: every company trades on the world's first.
  checks: (world) => {
    const founded = new Map(refCompanies().map((c) => [c.facts.ticker, c.founded]));
    const early = world.companies
      .filter((c) => !world.entrants.has(c.ticker))
      .filter((c) => tradesOn(c.ticker, founded.get(c.ticker) ?? null, world.days[0]) === "no")
      .map((c) => `${c.ticker} (first trading day ${firstTradingDay(c.ticker) ?? "unknown"})`);
    return [
      ruleCheck(
        "listing_dates",
        "universe",
        early,
        world.companies.length,
        "every company trades on the scenario's first day (reference listing dates)",
      ),
    ];
  },
};
