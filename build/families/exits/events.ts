// The public events of a company's exits: a deal's announcement and its close or termination, a
// failure's Chapter 11 filing and the delisting. Their moves are set by the held spans (prices.ts),
// so they carry only volume.
import { shortName } from "../../models/artifacts.ts";
import { plannedEvent, type WorldEvent } from "../../models/events.ts";
import type { Failure } from "./failures.ts";
import type { Takeover } from "./takeovers.ts";

const pct = (x: number) => `${Math.round(100 * x)}%`;

type Make = (day: number, type: WorldEvent["event_type"], time: string, summary: string, volume: number) => WorldEvent;

const maker =
  (worldKey: string, days: string[], ticker: string, cause: string): Make =>
  (day, type, time, summary, volume) =>
    plannedEvent(worldKey, days, [ticker, type, cause], {
      ticker,
      event_type: type,
      date: days[day],
      time,
      summary,
      volume,
    });

/** A deal's events: its announcement, and its close or termination where it ends inside the world. */
export function dealEvents(worldKey: string, days: string[], name: string, deal: Takeover): WorldEvent[] {
  const target = shortName(name);
  const buyer = shortName(deal.buyer.name);
  const at = maker(worldKey, days, deal.target, days[deal.announced]);
  const summary = `${target} agreed to be acquired by ${buyer} for cash, at ${pct(deal.premium)} above its last close.`;
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

/** A failure's events: the Chapter 11 filing, and the delisting on the last trading day. */
export function failureEvents(worldKey: string, days: string[], name: string, failure: Failure): WorldEvent[] {
  if (failure.filed === null) return [];
  const target = shortName(name);
  const at = maker(worldKey, days, failure.target, days[failure.filed]);
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
