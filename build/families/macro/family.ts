// The public macro tape, one row per trading day: market return, policy rate, yields, breakevens,
// credit spread and volatility index, derived from the hidden regime, the market factor and the
// FED's decisions, with lineage to the macro events and the catalyst window marked.
import { SHARDS } from "../../../src/families/shards.ts";
import { macroTape, type MacroObservation } from "./model.ts";
import { firstOnOrAfter } from "../../models/regimes.ts";
import type { Events } from "../events/family.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { Factors } from "../market/family.ts";
import type { CentralBanks } from "../rates/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { toRows } from "../../ground/rows.ts";

export interface MacroTape {
  macro: MacroObservation[];
}

export const macro: Family<Calendar & HiddenMacro & CentralBanks & Events & Factors, MacroTape> = {
  name: "macro",
  generate: ({ days, regimes, inflation, decisions, events, market }, { source, rng }) => {
    const catalyst = source.catalyst;
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
};
