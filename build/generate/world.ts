// Generates a scenario's world from its source. Pure function of (source, generator code).
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { tradingDays } from "../calendar.ts";
import { Rng } from "../rng.ts";
import type { ScenarioSource } from "../scenario-source.ts";
import { generatePrices, type Bar } from "./prices.ts";
import { selectUniverse } from "./universe.ts";

export interface World {
  days: string[];
  companies: CompanyFacts[];
  prices: Map<string, Bar[]>;
  /** Shares outstanding per ticker, for market capitalisation. */
  shares: Map<string, number>;
}

export function generateWorld(source: ScenarioSource): World {
  const rng = new Rng(source.seed, source.id);
  const days = tradingDays(source.start_date, source.end_date);
  if (days.length < 2) throw new Error(`${source.name}: fewer than two trading days`);
  const companies = selectUniverse(source.universe, rng.fork("universe"));
  const prices = generatePrices({
    days,
    companies,
    marketDriftAnnual: source.regime.market_drift_annual,
    marketVolAnnual: source.regime.market_vol_annual,
    rng: rng.fork("prices"),
  });
  const shares = new Map<string, number>();
  const sharesRng = rng.fork("shares");
  for (const c of companies) shares.set(c.ticker, Math.round(Math.exp(sharesRng.between(Math.log(1e8), Math.log(5e9)))));
  return { days, companies, prices, shares };
}
