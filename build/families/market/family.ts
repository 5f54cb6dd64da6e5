// Hidden factors: the market factor (regime drift and volatility, macro-event jumps, the
// cross-section's dispersion), one factor per sector of the universe, rerated by its share of the
// scenario's tilt (the sector's margins and sales carry the rest), and the style factors. Stocks
// and warrants load on them; the macro tape reports the market's return.
import { marketFactor, sectorFactor, sectorTilt, type MarketFactor, type SectorFactor } from "../../models/market.ts";
import { crisisTargets, unaimedCrises } from "../../models/crisis-episodes.ts";
import { styleFactors } from "../../models/styles.ts";
import { isCrisisStory } from "../../ground/scenario-source.ts";
import type { Events } from "../events/family.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Universe } from "../universe/family.ts";

export interface Factors {
  market: MarketFactor;
  /** Sector -> its factor, sectors in alphabetical order. */
  sectors: Map<string, SectorFactor>;
  /** The style factors (styles.ts), in STYLE_FACTORS' order. */
  styles: SectorFactor[];
}

export const market: Family<Calendar & Universe & HiddenMacro & Events, Factors> = {
  name: "market",
  generate: ({ days, companies, regimes, events }, { source, rng }) => {
    const market = marketFactor(rng.fork("market"), regimes, source.regime.market_vol_annual, events, {
      aims: crisisTargets(source, days),
      unaimed: unaimedCrises(source, days),
      held: isCrisisStory(source),
    });
    const sectorOf = (s: string) =>
      sectorFactor(rng.fork(`sector/${s}`), s, regimes, market, sectorTilt(source, s, regimes.length).rerating);
    return {
      market,
      sectors: new Map([...new Set(companies.map((c) => c.sector))].sort().map((s) => [s, sectorOf(s)])),
      styles: styleFactors(rng.fork("styles"), regimes),
    };
  },
  context: ({ market: m, sectors, styles }, { days: n }) => ({
    market: {
      returns: m.returns.slice(0, n),
      eventReturns: m.eventReturns.slice(0, n),
      sessionEventReturns: m.sessionEventReturns.slice(0, n),
      vol: m.vol.slice(0, n),
      calmVol: m.calmVol,
      monthVol: m.monthVol.slice(0, n),
      dispersion: m.dispersion.slice(0, n),
      trend: m.trend.slice(0, n),
    },
    sectors: new Map([...sectors].map(([s, f]) => [s, factorTo(f, n)])),
    styles: styles.map((f) => factorTo(f, n)),
  }),
};

const factorTo = (f: SectorFactor, n: number): SectorFactor => ({
  returns: f.returns.slice(0, n),
  vol: f.vol.slice(0, n),
  ...(f.shed ? { shed: f.shed.slice(0, n) } : {}),
});
