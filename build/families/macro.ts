// The public macro tape, one row per trading day: market return, policy rate, yields, breakevens,
// credit spread and volatility index, derived from the hidden regime, the market factor and the
// FED's decisions, with lineage to the macro events and the catalyst window marked.
import { SHARDS } from "../../src/bundle/shards.ts";
import { macroTape, type MacroObservation } from "../generate/macro.ts";
import { firstOnOrAfter } from "../generate/regimes.ts";
import { CrisisDepth, macroChecks } from "../realism.ts";
import type { Events } from "./events.ts";
import type { Calendar, Family } from "./family.ts";
import type { Factors } from "./market.ts";
import { stockSeries, type Stock } from "./stocks.ts";
import type { CentralBanks } from "./rates.ts";
import type { HiddenMacro } from "./regimes.ts";
import { toRows } from "./rows.ts";

export interface MacroTape {
  macro: MacroObservation[];
}

export const macro: Family<Calendar & HiddenMacro & CentralBanks & Events & Factors, MacroTape, Stock> = {
  name: "macro",
  generate: ({ days, regimes, inflation, decisions, events, market }, { source, rng }) => {
    const catalyst = source.theme.catalyst;
    const catalystDay = catalyst ? firstOnOrAfter(days, catalyst.date) : undefined;
    const eventIdsByDay = new Map<number, string[]>();
    for (const e of events) {
      if (e.ticker === null)
        eventIdsByDay.set(e.effect.reactionDay, [...(eventIdsByDay.get(e.effect.reactionDay) ?? []), e.event_id]);
    }
    return {
      macro: macroTape({
        days,
        regimes,
        market,
        inflation,
        fedDecisions: decisions.get("FED")!,
        catalystIndex: catalystDay ? days.indexOf(catalystDay) : undefined,
        eventIdsByDay,
        rng: rng.fork("macro"),
      }),
    };
  },
  context: (world, cut) => ({ macro: world.macro.slice(0, cut.days) }),
  shards: (world, emit) => emit.write(SHARDS.macro, undefined, toRows(SHARDS.macro.columns, world.macro)),
  checks: (world) =>
    macroChecks({
      vix: world.macro.map((m) => m.volatility_index),
      creditSpread: world.macro.map((m) => m.credit_spread),
      tenYear: world.macro.map((m) => m.ten_year_yield),
      twoYear: world.macro.map((m) => m.metadata.two_year_yield as number),
      inflationExpectation: world.macro.map((m) => m.inflation_expectation),
      marketReturn: world.market.returns,
    }),
  // Crisis depth: needs the stocks (correlations, the index), the hidden regimes and the tape.
  companyChecks: (days, scratch) => {
    const depth = new CrisisDepth(days.length, scratch);
    return {
      company: (company) => depth.add(stockSeries(company)),
      finish: (world) =>
        depth.checks(
          world.regimes,
          world.macro.map((m) => m.volatility_index),
          world.days,
        ),
    };
  },
};
