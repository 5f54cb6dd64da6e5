// Which companies a scenario holds: explicit tickers first, then a seeded draw from the chosen
// sectors (S&P 500 members, which carry full identity data) up to the requested count, then, past
// the S&P 500, other listed companies. Only companies that trade on the scenario's first day are
// drawn (anchors.ts): a universe can hold fewer companies than asked for in early eras.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { normalizeTicker } from "../../../src/contract/ticker.ts";
import { refCompanies, type RefCompany } from "../../models/refdata.ts";
import type { Rng } from "../../ground/rng.ts";
import type { ScenarioSource } from "../../ground/scenario-source.ts";
import { firstTradingDay, tradesOn } from "../../models/anchors.ts";

export function selectUniverse(
  universe: ScenarioSource["universe"],
  start: string,
  rng: Rng,
  storySectors: string[] = [],
): CompanyFacts[] {
  const trades = (c: RefCompany) => tradesOn(c.facts.ticker, c.founded, start) === "yes";
  const all = refCompanies();
  const byTicker = new Map(all.map((c) => [c.facts.ticker, c]));
  const chosen = new Map<string, CompanyFacts>();
  for (const raw of universe.tickers) {
    const found = byTicker.get(normalizeTicker(raw));
    if (!found) throw new Error(`universe ticker ${raw} is not in the reference data`);
    if (!trades(found)) {
      const first = firstTradingDay(found.facts.ticker);
      throw new Error(
        `universe ticker ${raw} does not trade on ${start}, the scenario's start ` +
          (first ? `(first trading day ${first})` : "(no trading history known by then)"),
      );
    }
    chosen.set(found.facts.ticker, found.facts);
  }
  // What can be drawn: active companies that trade on the first day; S&P 500 members first.
  const tradable = all.filter((c) => c.facts.is_active && trades(c));
  const members = tradable.filter((c) => c.inSp500);
  // Each sector the story speaks of gets at least two names (a story about energy needs energy stocks).
  for (const sector of storySectors) {
    const have = [...chosen.values()].filter((c) => c.sector === sector).length;
    const candidates = members.filter((c) => c.facts.sector === sector);
    for (const c of rng
      .fork(`story/${sector}`)
      .shuffle(candidates)
      .slice(0, Math.max(0, 2 - have)))
      chosen.set(c.facts.ticker, c.facts);
  }
  const sectors = new Set(universe.sectors);
  const pool = members.filter(
    (c) => !chosen.has(c.facts.ticker) && (sectors.size === 0 || sectors.has(c.facts.sector)),
  );
  for (const c of rng.shuffle(pool)) {
    if (chosen.size >= universe.count) break;
    chosen.set(c.facts.ticker, c.facts);
  }
  // A universe larger than the S&P 500 goes on with other listed operating companies (sector from
  // their SIC code), in a draw of its own: smaller universes stay as they were.
  if (chosen.size < universe.count) {
    const others = tradable.filter(
      (c) =>
        !c.inSp500 &&
        c.facts.category !== "Fund/Trust" &&
        !chosen.has(c.facts.ticker) &&
        (sectors.size === 0 || sectors.has(c.facts.sector)),
    );
    for (const c of rng.fork("beyond-sp500").shuffle(others)) {
      if (chosen.size >= universe.count) break;
      chosen.set(c.facts.ticker, c.facts);
    }
  }
  return [...chosen.values()].sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
}

/**
 * Companies that join the world: up to `count` reference companies of the scenario's sectors, not
 * held, whose recorded listing date passes `listed` (inside the window for a real listing day, before
 * it for a modelled one: real companies that went public once), S&P 500 members first.
 */
export function selectEntrants(
  universe: ScenarioSource["universe"],
  count: number,
  listed: (date: string) => boolean,
  held: Set<string>,
  rng: Rng,
): CompanyFacts[] {
  const sectors = new Set(universe.sectors);
  const candidates = refCompanies().filter(
    ({ facts }) =>
      facts.listing_date !== null &&
      listed(facts.listing_date) &&
      !held.has(facts.ticker) &&
      (sectors.size === 0 || sectors.has(facts.sector)),
  );
  const shuffled = rng.shuffle(candidates);
  const ordered = [...shuffled.filter((c) => c.inSp500), ...shuffled.filter((c) => !c.inSp500)];
  return ordered.slice(0, count).map((c) => c.facts);
}
