// The public events of a company's exits: a deal's announcement and its close or termination, a
// failure's Chapter 11 filing and the delisting. Their moves are set by the held spans (prices.ts),
// so they carry only volume.
import { shortName } from "../../models/artifacts.ts";
import { plannedEvent, type WorldEvent } from "../../models/events.ts";
import type { Failure } from "./failures.ts";
import type { Takeover } from "./takeovers.ts";

const pct = (x: number) => `${Math.round(100 * x)}%`;

type Make = (
  day: number,
  type: WorldEvent["event_type"],
  time: string,
  summary: string,
  volume: number,
  jump?: number,
) => WorldEvent;

/** A company's events of one exit or deal, identified by `cause` (the day it began, and the target for a buyer). */
const maker =
  (worldKey: string, days: string[], ticker: string, cause: string[]): Make =>
  (day, type, time, summary, volume, jump) =>
    plannedEvent(worldKey, days, [ticker, type, ...cause], {
      ticker,
      event_type: type,
      date: days[day],
      time,
      summary,
      volume,
      jump,
    });

/** How a deal pays, as its summaries say it. */
function paidIn(deal: Takeover, buyer: string): string {
  if (deal.consideration === "cash") return "for cash";
  return deal.consideration === "stock" ? `for ${buyer} shares` : `for cash and ${buyer} shares`;
}

/** A deal's events: its announcement, and its close or termination where it ends inside the world. */
export function dealEvents(worldKey: string, days: string[], name: string, deal: Takeover): WorldEvent[] {
  const target = shortName(name);
  const buyer = shortName(deal.buyer.name);
  const at = maker(worldKey, days, deal.target, [days[deal.announced]]);
  const summary = `${target} agreed to be acquired by ${buyer} ${paidIn(deal, buyer)}, at ${pct(deal.premium)} above its last close.`;
  const events = [at(deal.announced, "merger_agreement", "07:00", summary, 12)];
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

/**
 * A buyer's events for a deal it agreed to inside the world: the agreement (its price reacts, by
 * `reaction`), and its completion or termination. The same day's as the target's.
 */
export function acquirerEvents(
  worldKey: string,
  days: string[],
  names: { buyer: string; target: string },
  deal: Takeover,
): WorldEvent[] {
  const buyer = shortName(names.buyer);
  const target = shortName(names.target);
  const at = maker(worldKey, days, deal.buyer.ticker!, [deal.target, days[deal.announced]]);
  const agreed = `${buyer} agreed to acquire ${target} ${paidIn(deal, buyer)}, at ${pct(deal.premium)} above ${target}'s last close.`;
  const events = [at(deal.announced, "acquisition_agreement", "07:00", agreed, 3, deal.reaction)];
  if (deal.ends === null) return events;
  events.push(
    deal.completes
      ? at(deal.ends, "acquisition_completed", "16:30", `${buyer} completed its acquisition of ${target}.`, 1.5)
      : at(
          deal.ends,
          "acquisition_terminated",
          "07:00",
          `${buyer} and ${target} terminated their merger agreement.`,
          2,
        ),
  );
  return events;
}

/** A failure's events: the Chapter 11 filing, and the delisting on the last trading day. */
export function failureEvents(worldKey: string, days: string[], name: string, failure: Failure): WorldEvent[] {
  if (failure.filed === null) return [];
  const target = shortName(name);
  const at = maker(worldKey, days, failure.target, [days[failure.filed]]);
  const events = [
    at(
      failure.filed,
      "bankruptcy_filing",
      "07:00",
      `${target} filed for Chapter 11 bankruptcy protection; it expects its shares to be delisted.`,
      8,
    ),
  ];
  if (failure.lastDay !== null)
    events.push(
      at(
        failure.lastDay,
        "delisting",
        "16:30",
        `The exchange suspended trading in ${target}'s shares after today; they will be delisted.`,
        3,
      ),
    );
  return events;
}
