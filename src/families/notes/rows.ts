// Analyst notes (docs/contract.md, "Analyst note"): the text a covering analyst's firm published
// with an estimate an event prompted, with that publication's rating and target
// (`/analyst-estimates`).
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

const rating = (description: string) => field(z.enum(["buy", "hold", "sell"]), description, "buy");

export const AnalystNote = z
  .object({
    date: day("Publication date."),
    artifact_id: field(z.string(), "Identifier (`anl_<yyyymmdd>_<hash>`).", "anl_20230504_5c1e0a9b3f27"),
    ticker: field(z.string(), "The company.", "AAPL"),
    artifact_type: field(z.literal("analyst_note"), "Always `analyst_note`.", "analyst_note"),
    title: field(z.string(), "Headline.", "Alderwyck Securities raises AAPL target to $195.20"),
    text: field(z.string(), "The body: paragraphs separated by blank lines; per-share figures as published that day."),
    sentiment: field(
      z.enum(["positive", "negative", "neutral"]),
      "An upgrade is positive and a downgrade negative; else a target raised (cut) by 2% or more is positive (negative); else neutral.",
      "positive",
    ),
    visible_from: day("First date an as_of query sees it (its publication date)."),
    firm: field(z.string(), "The analyst's firm (invented).", "Alderwyck Securities"),
    analyst: field(z.string(), "The analyst (invented).", "Avery Vantique"),
    rating: rating("The rating published that day."),
    prior_rating: field(
      z.enum(["buy", "hold", "sell"]).nullable(),
      "The analyst's previous rating, null on the first.",
      "hold",
    ),
    target_price: field(
      z.number(),
      "The 12-month target published that day (restated for later splits, as /analyst-estimates).",
      195.2,
    ),
    prior_target_price: field(z.number().nullable(), "The previous target (restated alike), null on the first.", 188.5),
    estimate_id: field(
      z.string(),
      "The publication it accompanies: /analyst-estimates rows of that date and firm have ids `<estimate_id>-<n>`.",
      "est_0a1b2c3d4e5f6a7b",
    ),
    source_event_id: field(
      z.string(),
      "The event that prompted it (the release, or company news).",
      "evt_89bce83a69bffb07fd0d",
    ),
  })
  .meta({ id: "AnalystNote", description: "An analyst's note accompanying an estimate an event prompted." });

export type AnalystNote = z.infer<typeof AnalystNote>;
