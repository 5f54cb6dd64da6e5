// Warrants: prices only, so their bars are all they hold (served by the prices family).
import { pickWarrants, warrantPath, type Warrant } from "./model.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { Factors } from "../market/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Universe } from "../universe/family.ts";

export interface Warrants {
  /** Sorted by ticker. */
  warrants: Warrant[];
}

export const warrants: Family<Calendar & Universe & HiddenMacro & Factors, Warrants> = {
  name: "warrants",
  generate: ({ days, companies, regimes, market, sectors }, { source, rng }) => ({
    warrants: pickWarrants(source.universe.warrants, days[0], days[days.length - 1], rng.fork("warrants")).map(
      (instrument) =>
        warrantPath({
          instrument,
          template: companies[0],
          days,
          regimes,
          market,
          sector: sectors.values().next().value!,
          rng: rng.fork(`warrant/${instrument.ticker}`),
        }),
    ),
  }),
  context: (world, cut) => ({
    warrants: world.warrants.map((w) => ({ instrument: w.instrument, bars: w.bars.slice(0, cut.days) })),
  }),
  manifest: (world) => ({ instruments: { warrants: world.warrants.map((w) => w.instrument.ticker) } }),
};
