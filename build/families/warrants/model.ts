// Warrants: non-operating instruments from the reference list, levered and volatile claims on small
// issuers. Prices only (docs/contract.md, "Ticker universe"): no events, actions or company facts
// of their own.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { normalizeTicker } from "../../../src/contract/ticker.ts";
import type { Rng } from "../../ground/rng.ts";
import type { MarketFactor, SectorFactor } from "../../models/market.ts";
import { stockPath, type Bar } from "../../models/prices.ts";
import type { Regime } from "../../models/regimes.ts";

const REFDATA = fileURLToPath(new URL("../../refdata/", import.meta.url));

export interface Instrument {
  ticker: string;
  name: string;
  kind: "warrant";
  exchange: string;
}

export interface Warrant {
  instrument: Instrument;
  bars: Bar[];
}

/**
 * The warrants of the reference list (the Nasdaq directory of July 2025) are SPAC warrants, issued
 * from 2020 on with terms of about five years: a world is given them only inside that lifetime.
 */
export const WARRANT_LIFETIME = { from: "2021-01-04", to: "2030-12-31" };

/** `count` warrants from the reference list, sorted by ticker; none for a world outside their lifetime. */
export function pickWarrants(count: number, start: string, end: string, rng: Rng): Instrument[] {
  if (count === 0 || start < WARRANT_LIFETIME.from || end > WARRANT_LIFETIME.to) return [];
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

export interface WarrantInput {
  instrument: Instrument;
  /** A company whose facts stand in for the issuer's (the price model needs some). */
  template: CompanyFacts;
  days: string[];
  regimes: Regime[];
  market: MarketFactor;
  sector: SectorFactor;
  rng: Rng;
}

/** A penny-priced path with three and a half times a stock's idiosyncratic volatility. */
export function warrantPath(input: WarrantInput): Warrant {
  const { instrument, rng } = input;
  const path = stockPath({
    company: { ...input.template, ticker: instrument.ticker, name: instrument.name, sector: "Financials" },
    days: input.days,
    regimes: input.regimes,
    market: input.market,
    sector: input.sector,
    events: [],
    withActions: false,
    startPrice: rng.between(0.2, 2.5),
    idioVolMultiplier: 3.5,
    rng,
  });
  return { instrument, bars: path.bars };
}
