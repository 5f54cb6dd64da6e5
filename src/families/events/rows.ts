// The events family's rows: an event of the timeline and the vocabulary of event types.
import { z } from "zod";
import { field, day } from "../../contract/fields.ts";
import { EVENT_TYPE_NAMES } from "../../contract/vocabulary.ts";

export const Event = z
  .object({
    event_id: field(
      z.string(),
      "Identifier; artifacts and price reactions point back to it.",
      "evt_89bce83a69bffb07fd0d",
    ),
    ticker: field(z.string().nullable(), "The company, or null for a market-wide event.", "MSFT"),
    event_type: field(z.enum(EVENT_TYPE_NAMES), "The type of event (see `/events/types`).", "earnings_release"),
    event_date: day("Date of the event."),
    public_release_datetime: field(
      z.string(),
      "When it became public (exchange time, no zone).",
      "2023-06-30T16:05:00",
    ),
    visible_from: day("First date an as_of query sees it."),
    public_summary: field(z.string(), "What was announced.", "Microsoft launched a new product line."),
  })
  .meta({ id: "Event", description: "An event of the public timeline (its hidden effects are never served)." });

export const EventTypeInfo = z
  .object({
    event_type: field(z.enum(EVENT_TYPE_NAMES), "The value `event_type` takes.", "earnings_release"),
    description: field(z.string(), "What an event of the type is.", "A company launched a new product line."),
  })
  .meta({ id: "EventType", description: "A type of event of the timeline." });

export type Event = z.infer<typeof Event>;
