// Companies that leave the world. A hidden plan says which are taken over, when and on what terms
// (model.ts); each target's timeline gets the deal's events, its price is held to the offer less a
// narrowing spread (prices.ts), and a completed deal's last trading day ends the company: the build
// cuts every family's part of it there, so no row of it follows but its history. The plan is drawn
// only where the scenario asks for exits (its source's `exits`). docs/exits.md.
import { SHARDS } from "../../../src/families/shards.ts";
import { shortName } from "../../models/artifacts.ts";
import { plannedEvent, type WorldEvent } from "../../models/events.ts";
import type { HeldSpan } from "../../models/prices.ts";
import type { Rng } from "../../ground/rng.ts";
import { worldKeyOf } from "../../ground/scenario-source.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Universe } from "../universe/family.ts";
import { fallbackLevel, heldLevels, lastTradingDay, planTakeovers, type Takeover } from "./model.ts";
import { TAKEOVERS } from "./tables.ts";

export interface Exits {
  /** Hidden: each target's takeovers, by ticker. */
  takeovers: Map<string, Takeover[]>;
}

export interface CompanyExit {
  /** Hidden: its takeovers, in order. */
  takeovers: Takeover[];
  /** Its deals' public events (effects hidden: the held span moves the price). */
  exitEvents: WorldEvent[];
  /** Hidden: the days its price is held by its deals (each to its close or its break). */
  held: HeldSpan[];
  /** The deal that takes it out of the world, where one closes inside it. */
  closing?: Closing;
}

/** A deal that closes: the company's last trading day, and the day the closing date is announced. */
export interface Closing {
  deal: Takeover;
  lastDay: number;
  noticeDay: number;
}

type Reads = Calendar & Universe & HiddenMacro;

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** A deal's events: its announcement, and its close or termination where it ends inside the world. */
function dealEvents(worldKey: string, days: string[], name: string, deal: Takeover): WorldEvent[] {
  const target = shortName(name);
  const buyer = shortName(deal.buyer.name);
  const at = (day: number, type: WorldEvent["event_type"], time: string, summary: string, volume: number) =>
    plannedEvent(worldKey, days, [deal.target, type, days[deal.announced]], {
      ticker: deal.target,
      event_type: type,
      date: days[day],
      time,
      summary,
      volume,
    });
  const events = [
    at(
      deal.announced,
      "merger_agreement",
      "07:00",
      `${target} agreed to be acquired by ${buyer} for cash, at ${pct(deal.premium)} above its last close.`,
      12,
    ),
  ];
  if (deal.ends === null) return events;
  events.push(
    deal.completes
      ? at(
          deal.ends,
          "merger_completed",
          "16:30",
          `${buyer} completed its acquisition of ${target}, whose shares stop trading after today.`,
          3,
        )
      : at(deal.ends, "merger_terminated", "07:00", `${target} and ${buyer} terminated their merger agreement.`, 6),
  );
  return events;
}

/** The last deal's hold on the price: to its close, or to its break and the fall back after it. */
function heldSpan(deal: Takeover, n: number, rng: Rng): HeldSpan {
  const levels = heldLevels(deal, n, rng);
  return deal.completes
    ? { from: deal.announced, levels }
    : { from: deal.announced, levels, release: fallbackLevel(deal) };
}

export const exits: Family<Reads, Exits, unknown, CompanyExit> = {
  name: "exits",
  generate: ({ days, regimes, companies, starts }, { source, rng }) => ({
    takeovers: source.exits
      ? planTakeovers({
          days,
          regimes,
          companies,
          tierOf: (ticker) => starts.get(ticker)!.tier,
          rate: source.exits.rate,
          kept: new Set(source.universe.tickers),
          rng: rng.fork("exits"),
        })
      : new Map(),
  }),
  context: (world, cut) => ({
    takeovers: new Map(
      [...world.takeovers].map(([ticker, deals]) => [ticker, deals.filter((d) => d.announced < cut.days)]),
    ),
  }),
  company: (world, { facts }, { source, rng }) => {
    const takeovers = world.takeovers.get(facts.ticker) ?? [];
    const worldKey = worldKeyOf(source);
    const last = lastTradingDay(takeovers);
    return {
      takeovers,
      exitEvents: takeovers.flatMap((d) => dealEvents(worldKey, world.days, facts.name, d)),
      held: takeovers.map((d) => heldSpan(d, world.days.length, rng.fork(`held/${facts.ticker}/${d.announced}`))),
      closing:
        last === undefined
          ? undefined
          : {
              deal: takeovers.at(-1)!,
              lastDay: last,
              noticeDay: Math.max(takeovers.at(-1)!.announced + 1, last - TAKEOVERS.closing_notice_days),
            },
    };
  },
  companyContext: (company, cut) => ({
    takeovers: company.takeovers.filter((d) => d.announced < cut.days),
    exitEvents: company.exitEvents.filter((e) => e.visible_from <= cut.date),
    held: company.held,
    closing: company.closing && company.closing.lastDay < cut.days ? company.closing : undefined,
  }),
  leaves: (world, { closing }) => (closing ? world.days[closing.lastDay] : undefined),
  shards: (world, emit) => {
    const rows = [...world.takeovers.values()].flatMap((deals) => {
      const last = lastTradingDay(deals);
      return last === undefined ? [] : [[deals[0].target, world.days[last], "acquired"]];
    });
    // Written only where a company leaves: a world without exits has no such shard (none leave).
    if (rows.length)
      emit.write(
        SHARDS.delistings,
        undefined,
        rows.sort(([a], [b]) => (a! < b! ? -1 : 1)),
      );
  },
};
