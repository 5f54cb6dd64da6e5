// Generates a scenario's world from its source, in causal order: hidden regimes -> inflation and
// central banks -> events (with hidden effects) -> market and sector factors -> stocks, corporate
// actions and funds -> the public macro tape. A pure function of (source, generator code).
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { normalizeTicker } from "../../src/contract/ticker.ts";
import { tradingDays } from "../calendar.ts";
import { Rng } from "../rng.ts";
import type { ScenarioSource } from "../scenario-source.ts";
import type { CorporateAction } from "./actions.ts";
import { generateEvents, type WorldEvent } from "./events.ts";
import { fundPath, fundSpecs, type FundPath } from "./funds.ts";
import { inflationPath, macroTape, type MacroObservation } from "./macro.ts";
import { marketFactor, sectorFactor, TRADING_DAYS, type MarketFactor } from "./market.ts";
import { stockPath, type Bar, type StockPath } from "./prices.ts";
import { BANK_CODES, banks, policyDecisions, type Bank, type RateDecision } from "./rates.ts";
import { firstOnOrAfter, regimePath, type Regime } from "./regimes.ts";
import { selectUniverse } from "./universe.ts";

export interface Instrument {
  ticker: string;
  name: string;
  kind: "warrant";
  exchange: string;
}

export interface World {
  days: string[];
  /** Hidden truth: never served. */
  regimes: Regime[];
  companies: CompanyFacts[];
  stocks: Map<string, StockPath>;
  funds: FundPath[];
  warrants: { instrument: Instrument; bars: Bar[] }[];
  market: MarketFactor;
  events: WorldEvent[];
  actions: CorporateAction[];
  macro: MacroObservation[];
  banks: Bank[];
  decisions: Map<string, RateDecision[]>;
}

const REFDATA = fileURLToPath(new URL("../refdata/", import.meta.url));

function pickWarrants(count: number, rng: Rng): Instrument[] {
  if (count === 0) return [];
  const rows = parse(readFileSync(REFDATA + "non_operating_instruments_examples.csv", "utf8"), {
    columns: true,
  }) as Record<string, string>[];
  const warrants = rows.filter(
    (r) => r.security_type === "Warrant" && /warrant/i.test(r.security_name) && !/units/i.test(r.security_name),
  );
  return rng
    .shuffle(warrants)
    .slice(0, count)
    .map((r) => ({
      ticker: normalizeTicker(r.ticker),
      name: r.security_name,
      kind: "warrant" as const,
      exchange: r.exchange,
    }))
    .sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
}

export function generateWorld(source: ScenarioSource): World {
  const rng = new Rng(source.seed, source.id);
  const days = tradingDays(source.start_date, source.end_date);
  if (days.length < 2) throw new Error(`${source.name}: fewer than two trading days`);
  const companies = selectUniverse(source.universe, rng.fork("universe"));
  const catalyst = source.theme.catalyst;

  // Hidden truth: the regime chain, and the inflation and policy paths it drives.
  const regimes = regimePath({
    days,
    initial: source.regime.initial,
    catalyst: catalyst ? { date: catalyst.date, regime: catalyst.regime } : undefined,
    rng: rng.fork("regimes"),
  });
  const inflation = inflationPath(regimes, rng.fork("inflation"));
  const decisions = new Map(
    BANK_CODES.map((b) => [b, policyDecisions(b, { days, regimes, inflation, rng: rng.fork(`rates/${b}`) })]),
  );

  const events = generateEvents({
    scenarioId: source.id,
    days,
    companies,
    decisions: [...decisions.values()].flat(),
    inflation,
    catalyst: catalyst ? { date: catalyst.date, summary: catalyst.summary, jump: catalyst.market_jump } : undefined,
    rng: rng.fork("events"),
  });

  const market = marketFactor(rng.fork("market"), regimes, source.regime.market_vol_annual, events);
  const sectors = new Map(
    [...new Set(companies.map((c) => c.sector))].sort().map((s) => {
      const factor = sectorFactor(rng.fork(`sector/${s}`), s, regimes);
      const tilt = (source.theme.sector_tilts[s] ?? 0) / TRADING_DAYS;
      return [s, { returns: factor.returns.map((r) => r + tilt), vol: factor.vol }];
    }),
  );
  const eventsByTicker = new Map<string, WorldEvent[]>();
  for (const e of events) if (e.ticker) eventsByTicker.set(e.ticker, [...(eventsByTicker.get(e.ticker) ?? []), e]);

  const stocks = new Map<string, StockPath>();
  for (const company of companies) {
    stocks.set(
      company.ticker,
      stockPath({
        company,
        days,
        regimes,
        market,
        sector: sectors.get(company.sector)!,
        events: eventsByTicker.get(company.ticker) ?? [],
        withActions: true,
        rng: rng.fork(`stock/${company.ticker}`),
      }),
    );
  }

  const sectorCounts = new Map<string, number>();
  for (const c of companies) sectorCounts.set(c.sector, (sectorCounts.get(c.sector) ?? 0) + 1);
  const funds = source.universe.index_funds
    ? fundSpecs(sectorCounts).map((spec) => {
        const members = new Map(
          [...stocks].filter(
            ([t]) => spec.sector === null || companies.find((c) => c.ticker === t)!.sector === spec.sector,
          ),
        );
        return fundPath(spec, days, members, rng.fork(`fund/${spec.ticker}`));
      })
    : [];

  // Warrants: levered, volatile claims on small issuers; prices only (SPEC rule 4).
  const warrants = pickWarrants(source.universe.warrants, rng.fork("warrants")).map((instrument) => {
    const facts: CompanyFacts = {
      ...companies[0],
      ticker: instrument.ticker,
      name: instrument.name,
      sector: "Financials",
    };
    const r = rng.fork(`warrant/${instrument.ticker}`);
    const path = stockPath({
      company: facts,
      days,
      regimes,
      market,
      sector: sectors.values().next().value!,
      events: [],
      withActions: false,
      startPrice: r.between(0.2, 2.5),
      idioVolMultiplier: 3.5,
      rng: r,
    });
    return { instrument, bars: path.bars };
  });

  const catalystDay = catalyst ? firstOnOrAfter(days, catalyst.date) : undefined;
  const macroEventIds = new Map<number, string[]>();
  for (const e of events) {
    if (e.ticker === null)
      macroEventIds.set(e.effect.reactionDay, [...(macroEventIds.get(e.effect.reactionDay) ?? []), e.event_id]);
  }
  const macro = macroTape({
    days,
    regimes,
    market,
    inflation,
    fedDecisions: decisions.get("FED")!,
    catalystIndex: catalystDay ? days.indexOf(catalystDay) : undefined,
    eventIdsByDay: macroEventIds,
    rng: rng.fork("macro"),
  });

  const actions = [...stocks.values()].flatMap((s) => s.actions);
  return {
    days,
    regimes,
    companies,
    stocks,
    funds,
    warrants,
    market,
    events,
    actions,
    macro,
    banks: banks(),
    decisions,
  };
}
